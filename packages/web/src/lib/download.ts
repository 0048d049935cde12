/**
 * Starts the browser's download of `source` as `name`, the page staying where it is: an address the
 * server answers with the file, or a Blob made here.
 */
export function download(source: string | Blob, name: string) {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  if (typeof source !== 'string') setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
