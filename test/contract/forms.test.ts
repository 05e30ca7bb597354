// Every form of the checkout, sent with JavaScript off, while an upstream of another make
// answers its call with anything the contract allows (test/helpers/contract-arbitraries.ts:
// a flow state with any nextAction, optional fields left out, extra fields, odd amounts and
// dates; an error with or without msg or errorParams, internal-looking texts among them; no
// usable answer). The redirects are followed to the page the visitor ends on. Whatever the
// answer: no 5xx of the edge's own, no stack trace or upstream text the failure table would
// not show, a way forward on every page, and a form refused on its own page keeps what was typed.
import t from 'tap';
import { anyAnswer } from '../helpers/contract-answers.ts';
import { FORM_STEPS, keptProblems, ORDERS, sendStep, startContractEdge } from '../helpers/contract-edge.ts';
import { seen, visitProblems } from '../helpers/contract-page.ts';
import { checkProperty, expectNone } from '../helpers/contract-property.ts';

const edge = await startContractEdge();
t.teardown(() => edge.close());

for (const step of FORM_STEPS) {
  t.test(`any answer to ${step.name}: a page with a way forward that says nothing internal`, async (t) => {
    await checkProperty(
      t,
      `any answer to ${step.name}`,
      anyAnswer(step.call, ORDERS[step.order].identity, edge.now()),
      async (answer) => {
        const sent = await sendStep(edge, step, answer);
        const problems = [...visitProblems(sent.hops, sent.said), ...keptProblems(step, answer, sent)];
        expectNone(problems.map((p) => `${p}\nseen: ${seen(sent.hops)}`));
      },
      { runs: 15 },
    );
  });
}
