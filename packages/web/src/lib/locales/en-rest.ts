import { sectionsByName } from './sections';

/**
 * The English sections the public pages do not use (the complement of `en-core.ts`), loaded in
 * their own chunk before a signed-in screen renders.
 */
export default sectionsByName(
  import.meta.glob<Record<string, unknown>>(
    [
      '../../../../contract/src/locales/en/*.json',
      '!../../../../contract/src/locales/en/{app,auth,common,contactUs,errors,landing,nav,notFound,titles,validation}.json',
    ],
    { eager: true, import: 'default' },
  ),
);
