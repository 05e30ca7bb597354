// Screen 13: one picture, the selfie. The server HTML is the plain multipart form (it works
// without JavaScript); hydrated, it checks the file's name and size as the server will,
// previews the picture and shows the upload's progress, then goes where the server says.
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { UPLOAD_ACCEPT } from '../checkout/limits.ts';
import { uploadFileError } from '../checkout/validation/upload-file.ts';
import { FormErrors } from '../ui/Field.tsx';
import { useTexts } from '../ui/language.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { sendUpload } from './upload-request.ts';

export interface SelfieUploadProps {
  action: string;
  submitLabel: string;
  messages: string[];
}

export default function SelfieUpload({ action, submitLabel, messages: serverMessages }: SelfieUploadProps) {
  const texts = useTexts();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [messages, setMessages] = useState(serverMessages);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setPreview(chosen?.type.startsWith('image/') ? URL.createObjectURL(chosen) : null);
    const error = chosen ? uploadFileError({ fileName: chosen.name, size: chosen.size }, texts) : undefined;
    setMessages(error ? [error] : []);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (progress !== null) return;
    const error = file ? uploadFileError({ fileName: file.name, size: file.size }, texts) : undefined;
    if (!file || error) {
      // Let the server say it: the same words, from one place.
      if (error) setMessages([error]);
      else event.currentTarget.submit();
      return;
    }
    setProgress(0);
    const answer = await sendUpload(action, new FormData(event.currentTarget), setProgress, texts.UPLOAD_MESSAGES.unfinished);
    if (answer.ok) return window.location.assign(answer.location);
    setProgress(null);
    setMessages(answer.messages);
  };

  return (
    <form method="post" action={action} encType="multipart/form-data" className="upload-form" onSubmit={submit} noValidate>
      <FormErrors messages={messages} />
      <div className="field">
        <label htmlFor="selfie-file">{texts.CAMERA_TEXT.selfieLabel}</label>
        <input
          id="selfie-file"
          name="file"
          type="file"
          accept={UPLOAD_ACCEPT}
          onChange={choose}
          aria-describedby="selfie-file-hint"
        />
        <p className="hint" id="selfie-file-hint">
          {texts.CAMERA_TEXT.uploadHint}
        </p>
      </div>
      {preview && <img className="upload-preview" src={preview} alt={texts.CAMERA_TEXT.chosenPreview} />}
      {progress !== null && <UploadProgress fraction={progress} label={texts.VERIFY_PAGE.progress} />}
      <button type="submit" className="button" disabled={progress !== null}>
        {submitLabel}
      </button>
    </form>
  );
}
