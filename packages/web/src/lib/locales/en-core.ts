import { sectionsByName } from './sections';

/**
 * The English sections the shell and the public pages (/, /login, /register, /contact-us, not
 * found) use: the only strings in the entry bundle. Keep in step with the list in `en-rest.ts`.
 */
export default sectionsByName(
  import.meta.glob<Record<string, unknown>>(
    '../../../../contract/src/locales/en/{app,auth,common,contactUs,errors,landing,nav,notFound,titles,validation}.json',
    { eager: true, import: 'default' },
  ),
);
