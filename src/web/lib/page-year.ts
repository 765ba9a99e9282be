import { createContext, useContext } from 'react';

const PageYear = createContext(new Date().getFullYear());

/** Gives the app the year its page was sent in (initial-data.ts). */
export const PageYearProvider = PageYear.Provider;

/** The year the page was sent in, as the server drew it. */
export function usePageYear(): number {
  return useContext(PageYear);
}
