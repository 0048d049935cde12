/** `{ '<dir>/en/auth.json': {...} }` from import.meta.glob → `{ auth: {...} }`, the catalogue's shape. */
export function sectionsByName(
  files: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(files).map(([file, section]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), section]),
  );
}
