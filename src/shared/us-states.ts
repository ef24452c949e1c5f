import { US_STATES } from './seo.constants';

/** US states, DC and territories by their 2-letter postal code (the 50 states come from one list). */
export const US_STATE_NAMES: Record<string, string> = {
  ...US_STATES,
  DC: 'District of Columbia',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};
