// Screen 14's documents: several files, a type per file, each going added -> type chosen ->
// uploading (a progress bar) -> done. The upload is complete when every file is done; a
// file added later makes it incomplete again. Once complete, the edge posts the notice with
// the mobile number to the form service. The server HTML (before hydration) is the plain
// multipart form for one file and its type, which works without JavaScript.
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { DOCUMENT_TYPES, type DocumentType } from '../checkout/domain.ts';
import { UPLOAD_ACCEPT } from '../checkout/limits.ts';
import { uploadFileError, validateDocumentUpload } from '../checkout/validation/upload.ts';
import { described, Field, FormErrors } from '../ui/Field.tsx';
import { useTexts } from '../ui/language.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { sendUpload } from './upload-request.ts';

export interface UploaderProps {
  /** The page's own path: the form without JavaScript posts here. */
  action: string;
  fileAction: string;
  completeAction: string;
  country: string;
  labels: Record<DocumentType, string>;
  submitLabel: string;
  mobile: string;
  errors: Partial<Record<string, string>>;
  messages: string[];
}

type FileState = 'added' | 'typed' | 'uploading' | 'done';
interface Entry {
  key: number;
  file: File;
  documentType: DocumentType | '';
  state: FileState;
  progress: number;
  error?: string;
}

let nextKey = 1;

function TypeSelect(props: {
  id: string;
  name?: string;
  value: string;
  labels: Record<DocumentType, string>;
  onChange?: (value: string) => void;
  disabled?: boolean;
}) {
  const { VERIFY_PAGE } = useTexts();
  return (
    <select
      id={props.id}
      name={props.name}
      value={props.onChange ? props.value : undefined}
      defaultValue={props.onChange ? undefined : props.value}
      disabled={props.disabled}
      onChange={props.onChange ? (e) => props.onChange!(e.target.value) : undefined}
    >
      <option value="">{VERIFY_PAGE.chooseType}</option>
      {DOCUMENT_TYPES.map((type) => (
        <option key={type} value={type}>
          {props.labels[type]}
        </option>
      ))}
    </select>
  );
}

export default function Uploader(props: UploaderProps) {
  const texts = useTexts();
  const { UPLOAD_MESSAGES } = texts;
  const [hydrated, setHydrated] = useState(false);
  const [mobile, setMobile] = useState(props.mobile);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [messages, setMessages] = useState(props.messages);
  const [errors, setErrors] = useState(props.errors);
  const [complete, setComplete] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setHydrated(true), []);

  const mobileField = (
    <Field id="mobile" label={texts.VERIFY_PAGE.mobile} error={errors.mobile}>
      <input
        id="mobile"
        name="mobile"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={mobile}
        onChange={(e) => setMobile(e.target.value)}
        {...described('mobile', errors.mobile)}
      />
    </Field>
  );

  if (!hydrated) {
    return (
      <form method="post" action={props.action} encType="multipart/form-data" className="upload-form" noValidate>
        <FormErrors messages={messages} />
        {mobileField}
        <Field id="document-file" label={texts.VERIFY_PAGE.document} error={errors.files}>
          <input id="document-file" name="file" type="file" accept={UPLOAD_ACCEPT} />
        </Field>
        <Field id="document-type" label={texts.VERIFY_PAGE.documentType}>
          <TypeSelect id="document-type" name="documentType" value="" labels={props.labels} />
        </Field>
        <button type="submit" className="button">
          {props.submitLabel}
        </button>
      </form>
    );
  }

  const update = (key: number, change: Partial<Entry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const added = [...(event.target.files ?? [])].map<Entry>((file) => ({
      key: nextKey++,
      file,
      documentType: '',
      state: 'added',
      progress: 0,
      error: uploadFileError({ fileName: file.name, size: file.size }, texts),
    }));
    event.target.value = '';
    if (added.length === 0) return;
    setEntries((list) => [...list, ...added]);
    setComplete(false);
    setMessages([]);
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const pending = entries.filter((e) => e.state !== 'done');
    if (complete && pending.length === 0) return setMessages([UPLOAD_MESSAGES.alreadyUploaded]);
    const checked = validateDocumentUpload(
      {
        mobile,
        country: props.country,
        files: pending.map((e) => ({ fileName: e.file.name, size: e.file.size, documentType: e.documentType })),
      },
      texts,
    );
    if (!checked.ok) {
      setErrors({ mobile: checked.errors.mobile });
      setMessages(
        [
          checked.errors.files,
          ...pending.map((e, i) => (checked.errors[`files.${i}`] ? `${e.file.name}: ${checked.errors[`files.${i}`]}` : '')),
        ].filter((m): m is string => Boolean(m)),
      );
      return;
    }
    setErrors({});
    setMessages([]);
    setBusy(true);
    let failed = false;
    for (const entry of pending) {
      update(entry.key, { state: 'uploading', progress: 0, error: undefined });
      const form = new FormData();
      form.append('mobile', mobile);
      form.append('country', props.country);
      form.append('documentType', entry.documentType);
      form.append('file', entry.file, entry.file.name);
      const answer = await sendUpload(
        props.fileAction,
        form,
        (progress) => update(entry.key, { progress }),
        UPLOAD_MESSAGES.unfinished,
      );
      if (answer.ok) update(entry.key, { state: 'done', progress: 1 });
      else {
        failed = true;
        update(entry.key, { state: 'typed', error: answer.messages.join(' ') });
      }
    }
    if (!failed) {
      const body = new URLSearchParams({ mobile, country: props.country });
      const response = await fetch(props.completeAction, { method: 'POST', body, headers: { accept: 'application/json' } }).catch(
        () => null,
      );
      if (response?.ok) setComplete(true);
      else setMessages([UPLOAD_MESSAGES.unfinished]);
    }
    setBusy(false);
  };

  return (
    <form
      method="post"
      action={props.action}
      className="upload-form"
      onSubmit={upload}
      noValidate
      data-complete={complete ? 'true' : 'false'}
    >
      <FormErrors messages={messages} />
      {mobileField}
      <div className="field">
        <label htmlFor="document-files">{texts.VERIFY_PAGE.addDocuments}</label>
        <input id="document-files" type="file" multiple accept={UPLOAD_ACCEPT} onChange={add} disabled={busy} />
      </div>
      {entries.length > 0 && (
        <ul className="upload-list">
          {entries.map((entry) => (
            <li key={entry.key} data-state={entry.state}>
              <span className="upload-name">{entry.file.name}</span>
              <label className="visually-hidden" htmlFor={`type-${entry.key}`}>
                Document type of {entry.file.name}
              </label>
              <TypeSelect
                id={`type-${entry.key}`}
                value={entry.documentType}
                labels={props.labels}
                disabled={entry.state === 'uploading' || entry.state === 'done'}
                onChange={(value) =>
                  update(entry.key, { documentType: value as DocumentType | '', state: value ? 'typed' : 'added' })
                }
              />
              {entry.state === 'uploading' && (
                <UploadProgress fraction={entry.progress} label={texts.VERIFY_PAGE.uploadOf({ file: entry.file.name })} />
              )}
              <span className="upload-state">
                {entry.state === 'done'
                  ? texts.VERIFY_PAGE.uploaded
                  : entry.state === 'uploading'
                    ? texts.VERIFY_PAGE.uploading
                    : entry.documentType
                      ? texts.VERIFY_PAGE.ready
                      : texts.VERIFY_PAGE.needsType}
              </span>
              {entry.error && (
                <p className="field-error" role="alert">
                  {entry.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {complete && (
        <p className="form-success" role="status">
          {UPLOAD_MESSAGES.complete}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}
