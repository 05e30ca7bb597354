// The identity islands' pure parts: which provider messages count, and what a camera
// error says to the visitor.
import t from 'tap';
import { cameraProblem } from '../../islands/Camera.tsx';
import { manualStatusOf } from '../../islands/IdentityFrame.tsx';

t.test('only well-formed messages with manualStatus approved or failed count', async (t) => {
  t.equal(manualStatusOf({ manualStatus: 'approved' }), 'approved');
  t.equal(manualStatusOf({ manualStatus: 'failed', other: 1 }), 'failed');
  t.equal(manualStatusOf('{"manualStatus":"approved"}'), 'approved', 'as JSON text too');
  for (const bad of [
    null,
    undefined,
    'approved',
    '{',
    [],
    ['approved'],
    { manualStatus: 'APPROVED' },
    { manualStatus: 'pending' },
    { status: 'approved' },
    42,
  ]) {
    t.equal(manualStatusOf(bad), null, JSON.stringify(bad) ?? 'undefined');
  }
});

t.test('camera errors in plain words', async (t) => {
  const named = (name: string) => Object.assign(new Error(name), { name });
  t.equal(cameraProblem(named('NotAllowedError')), 'cameraDenied');
  t.equal(cameraProblem(named('SecurityError')), 'cameraDenied');
  t.equal(cameraProblem(named('NotFoundError')), 'cameraMissing');
  t.equal(cameraProblem(named('OverconstrainedError')), 'cameraMissing');
  t.equal(cameraProblem(named('NotReadableError')), 'cameraBusy');
  t.equal(cameraProblem(named('TypeError')), 'cameraFailed');
  t.equal(cameraProblem('a string'), 'cameraFailed');
});
