import { contactExportFileName, type ContactFileFormat } from '@life-updates/contract/contact-options';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The file name the server chose (Content-Disposition), else the same pattern made here. */
function fileNameOf(response: Response, format: ContactFileFormat): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? contactExportFileName(format);
}

/** Downloads GET /api/contacts/export as a file; failures reach the caller instead of saving an error page. */
export async function exportContacts(format: ContactFileFormat): Promise<{ fileName: string }> {
  const response = await apiFetch('/api/contacts/export', { query: { format }, headers: { accept: '*/*' } });
  const blob = await response.blob();
  const fileName = fileNameOf(response, format);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { fileName };
}

export const useExportContacts = () => useMutation({ mutationFn: exportContacts });
