/** Hands a file read from the API (an export, a template, an error report) to the browser as a saved file. */
export function saveFile(file: Blob, filename: string): void {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}
