/**
 * Saves a blob as a file the browser downloads: an object URL behind a temporary
 * `<a download>`, clicked, then taken away again.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // After the click has handed the file to the browser: revoking at once can cancel the download.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
