import t from 'tap';
import { DOCUMENT_TYPES } from '../../checkout/domain.ts';
import {
  documentTypeLabels,
  fileExtension,
  uploadFileError,
  validateDocumentUpload,
  validateSelfieUpload,
} from '../../checkout/validation/upload.ts';

t.test('one file: type, then size', async (t) => {
  const rows: [string, number, string | undefined][] = [
    ['id.jpg', 1000, undefined],
    ['ID.JPEG', 1000, undefined],
    ['scan.jpe', 1000, undefined],
    ['a.b.gif', 1000, undefined],
    ['x.png', 1000, undefined],
    ['statement.PDF', 1000, undefined],
    ['photo.heic', 1000, "Only images and PDF's are allowed (jpg, gif, png, pdf)"],
    ['noextension', 1000, "Only images and PDF's are allowed (jpg, gif, png, pdf)"],
    ['evil.pdf.exe', 1000, "Only images and PDF's are allowed (jpg, gif, png, pdf)"],
    ['x.jpg', 4_900_000, undefined],
    ['x.jpg', 4_900_001, 'File must be less than 4.5MB. Your file is 4.9MB.'],
    ['x.jpg', 5_000_000, 'File must be less than 4.5MB. Your file is 5.0MB.'],
    ['x.pdf', 12_345_678, 'File must be less than 4.5MB. Your file is 12.3MB.'],
    ['x.exe', 12_345_678, "Only images and PDF's are allowed (jpg, gif, png, pdf)"],
    ['x.jpg', 0, 'This file could not be read.'],
    ['x.jpg', Number.NaN, 'This file could not be read.'],
    ['', 10, 'This file could not be read.'],
    [`${'a'.repeat(252)}.jpg`, 10, 'File name is too long.'],
  ];
  for (const [fileName, size, want] of rows)
    t.equal(uploadFileError({ fileName, size }), want, `${fileName.slice(0, 20)} ${size}`);
  t.equal(fileExtension('a.b.JPG'), 'jpg');
  t.equal(fileExtension('none'), '');
});

t.test('selfie: exactly one file', async (t) => {
  t.strictSame(validateSelfieUpload([]), { ok: false, errors: { files: 'You must upload at least 1 file.' } });
  t.strictSame(
    validateSelfieUpload([
      { fileName: 'a.jpg', size: 1 },
      { fileName: 'b.jpg', size: 1 },
    ]),
    { ok: false, errors: { files: 'Please upload only 1 file.' } },
  );
  t.strictSame(validateSelfieUpload([{ fileName: 'a.txt', size: 1 }]), {
    ok: false,
    errors: { files: "Only images and PDF's are allowed (jpg, gif, png, pdf)" },
  });
  t.strictSame(validateSelfieUpload([{ fileName: ' me.PNG ', size: 2048 }]), {
    ok: true,
    value: { fileName: 'me.PNG', size: 2048, extName: 'png' },
  });
});

t.test('document upload', async (t) => {
  const file = (over: Record<string, unknown> = {}) => ({
    fileName: 'licence.jpg',
    size: 1000,
    documentType: 'DRIVERSLICENSE',
    ...over,
  });
  const run = (files: unknown[], mobile = '613 555 0123', extra: { alreadyUploaded?: boolean; country?: string } = {}) =>
    validateDocumentUpload({
      files: files as never,
      mobile,
      country: extra.country ?? 'CA',
      alreadyUploaded: extra.alreadyUploaded,
    });

  t.strictSame(run([file(), file({ fileName: 'bill.pdf', documentType: 'BILLPAYMENT' })]), {
    ok: true,
    value: {
      mobileNumber: '+16135550123',
      files: [
        { fileName: 'licence.jpg', size: 1000, extName: 'jpg', documentType: 'DRIVERSLICENSE' },
        { fileName: 'bill.pdf', size: 1000, extName: 'pdf', documentType: 'BILLPAYMENT' },
      ],
    },
  });
  t.strictSame(run([]), { ok: false, errors: { files: 'You must upload at least 1 file.' } });
  t.strictSame(run([file({ documentType: '' })]), {
    ok: false,
    errors: { files: 'Please select a document type from the dropdown menu for each file you are uploading.' },
  });
  t.strictSame(run([file({ documentType: 'PAYSTUB' })]).ok, false);
  t.strictSame(run([file(), file({ fileName: 'big.png', size: 6_000_000 })]), {
    ok: false,
    errors: { 'files.1': 'File must be less than 4.5MB. Your file is 6.0MB.' },
  });
  t.strictSame(run([file()], '123'), { ok: false, errors: { mobile: 'Mobile must be a valid phone number' } });
  t.strictSame(run([file()], '٦١٣٥٥٥٠١٢٣'), { ok: false, errors: { mobile: 'Mobile must be a valid phone number' } });
  t.strictSame(run([file()], '+61 412 345 678').ok, true, 'any valid number, international form');
  t.strictSame(run([file()], '0412 345 678', { country: 'AU' }).ok, true, 'national form of the route country');
  t.strictSame(run([file()], '613 555 0123', { alreadyUploaded: true }), {
    ok: false,
    errors: { files: 'Documents already uploaded.' },
  });
  t.equal(run('nope' as unknown as unknown[]).ok, false, 'not an array');
  t.equal(run([null, 42]).ok, false, 'hostile items');
});

t.test('document type labels per country', async (t) => {
  for (const country of ['CA', 'AU']) {
    const labels = documentTypeLabels(country);
    t.strictSame(Object.keys(labels).sort(), [...DOCUMENT_TYPES].sort(), `${country} labels every type`);
  }
  t.equal(documentTypeLabels('CA').DRIVERSLICENSE, "Driver's Licence");
  t.equal(documentTypeLabels('AU').DRIVERSLICENSE, 'Driver Licence');
  t.equal(documentTypeLabels('PH'), documentTypeLabels('CA'));
});
