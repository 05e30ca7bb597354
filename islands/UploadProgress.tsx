// A labelled progress bar for an upload in flight (used inside the upload islands).
export function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress">
      <progress max={100} value={percent} aria-label={label} />
      <span>{percent}%</span>
    </div>
  );
}
