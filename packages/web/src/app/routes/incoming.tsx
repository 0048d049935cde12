import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { composeIncomingText, storeIncomingText } from '@/features/ideas/offline/incoming-text';

/**
 * The manifest's share target (GET /share?title=…&text=…&url=…): keeps what was shared and opens My
 * Stories, whose new-idea box takes it; a signed-out visitor signs in first and finds it there.
 */
export function Component() {
  const [params] = useSearchParams();
  storeIncomingText(
    composeIncomingText({ title: params.get('title'), text: params.get('text'), url: params.get('url') }),
  );
  return <Navigate to={paths.dashboard} replace />;
}
