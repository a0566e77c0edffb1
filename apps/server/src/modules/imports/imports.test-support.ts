/** A multipart body with one file field, as the import pages' FormData sends it. */
export function csvUpload(text: string | Buffer, filename = 'gifts.csv') {
  const boundary = '----kindlingImportBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(text) ? text : Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
