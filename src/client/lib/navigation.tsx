import { createContext, useContext, type ComponentProps, type MouseEvent } from 'react';

/**
 * Where the visitor is and how links move. The author's app routes in place (the app shell gives
 * the router's `navigate`); on a reading page there is none and a link loads the next page, which
 * the server's page cache serves. The islands of a reading page thus need no router library.
 */
export interface Navigation {
  /** The current path, e.g. `/blog/some-post`. */
  path: string;
  navigate?: (href: string) => void;
}

const NavigationContext = createContext<Navigation>({ path: '/' });

export const NavigationProvider = NavigationContext.Provider;

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

/** A plain click, which the app may take over; a modified or middle click keeps the browser's meaning. */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey &&
  (!event.currentTarget.target || event.currentTarget.target === '_self');

/** A link to a page of the site: moved to in place inside the app, loaded elsewhere. */
export function NavLink({ href, onClick, ...props }: ComponentProps<'a'> & { href: string }) {
  const { navigate } = useNavigation();
  return (
    <a
      href={href}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}
