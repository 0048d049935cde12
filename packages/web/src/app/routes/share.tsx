import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { composeSharedText, storeSharedText } from '@/features/ideas/offline/shared-text';

/**
 * The manifest's share target (GET /share?title=…&text=…&url=…): keeps what was shared and opens My
 * Stories, whose new-idea box takes it; a signed-out visitor signs in first and finds it there.
 */
export function Component() {
  const [params] = useSearchParams();
  storeSharedText(composeSharedText({ title: params.get('title'), text: params.get('text'), url: params.get('url') }));
  return <Navigate to={paths.dashboard} replace />;
}
