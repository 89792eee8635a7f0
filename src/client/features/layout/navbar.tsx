import { Menu, X } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useNavigation } from '../../lib/navigation.tsx';
import { CONTACT_SECTION_ID, scrollToSection, scrollToTop } from '../../lib/scroll.ts';
import { pagePath } from '../../../shared/routes.ts';

const links = [
  { label: 'Portfolio', href: pagePath.home },
  { label: 'About Me', href: pagePath.cv },
  { label: 'Blog', href: pagePath.blog() },
] as const;

/** SPEC.md section 2: `/` is active only on exact match, the others on prefix. */
export function isActivePath(current: string, href: string): boolean {
  if (href === '/') return current === '/';
  return current === href || current.startsWith(`${href}/`);
}

const focusRing = 'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700';

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${focusRing} ${
    active ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

const toggleClass = `rounded-md p-2 text-slate-700 hover:bg-slate-100 ${focusRing}`;

/** The page links, the same in the bar and in the mobile menu. */
function NavLinks({ location, onNavigate }: { location: string; onNavigate: () => void }) {
  return links.map((link) => {
    const active = isActivePath(location, link.href);
    return (
      <NavLink
        key={link.href}
        href={link.href}
        onClick={onNavigate}
        className={linkClass(active)}
        aria-current={active ? 'page' : undefined}
      >
        {link.label}
      </NavLink>
    );
  });
}

/**
 * Get in Touch: SPEC.md's button, which scrolls smoothly to the contact section, once the page's
 * script runs; before that (or without script) a link there, which the browser follows itself.
 */
function GetInTouch({ enhanced, onClick, className }: { enhanced: boolean; onClick: () => void; className: string }) {
  if (!enhanced) {
    return (
      <a href={`#${CONTACT_SECTION_ID}`} className={className}>
        Get in Touch
      </a>
    );
  }
  return (
    <button type="button" onClick={onClick} className={className}>
      Get in Touch
    </button>
  );
}

/** The links of a small screen, under the bar: in the flow once hydrated, over the page in the disclosure. */
function MobileMenu({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <div id="mobile-menu" className={`border-t border-slate-200 bg-white px-4 pb-4 md:hidden ${className}`}>
      <div className="flex flex-col gap-1 pt-2">{children}</div>
    </div>
  );
}

/**
 * `siteName` (the logo's text) comes from the shell, so this island does not carry the site's content.
 * The server renders the small screen's menu as a `<details>` disclosure, which opens without script
 * (DESIGN.md "readers on metered data"); once hydrated it becomes SPEC.md's menu button.
 */
export function Navbar({ siteName }: { siteName: string }) {
  const { path: location } = useNavigation();
  const [enhanced, setEnhanced] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const focusToggle = useRef(false);

  // Once hydrated, in the same commit (no moment for a tap to get lost in between), the disclosure
  // gives way to the button, which keeps what a reader quicker than the script did: opened, focused.
  useLayoutEffect(() => {
    const details = disclosure.current;
    setMenuOpen(details?.open ?? false);
    focusToggle.current = details?.contains(document.activeElement) ?? false;
    setEnhanced(true);
  }, []);

  const onNavigate = () => {
    setMenuOpen(false);
    scrollToTop();
  };
  const onContact = () => {
    setMenuOpen(false);
    scrollToSection(CONTACT_SECTION_ID);
  };
  const mobileLinks = (
    <>
      <NavLinks location={location} onNavigate={onNavigate} />
      <GetInTouch
        enhanced={enhanced}
        onClick={onContact}
        className={`mt-1 rounded-md bg-blue-700 px-3 py-2 text-left text-sm font-semibold text-white hover:bg-blue-800 ${focusRing}`}
      />
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <NavLink
          href={pagePath.home}
          onClick={onNavigate}
          className={`min-w-0 rounded-md text-lg font-bold wrap-anywhere text-slate-900 ${focusRing}`}
        >
          {siteName}
        </NavLink>
        <div className="hidden items-center gap-1 md:flex">
          <NavLinks location={location} onNavigate={onNavigate} />
          <GetInTouch
            enhanced={enhanced}
            onClick={onContact}
            className={`ml-2 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 ${focusRing} focus-visible:ring-offset-2`}
          />
        </div>
        {enhanced ? (
          <button
            type="button"
            ref={(button) => {
              if (button && focusToggle.current) {
                focusToggle.current = false;
                button.focus();
              }
            }}
            className={`shrink-0 md:hidden ${toggleClass}`}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
          </button>
        ) : (
          <details ref={disclosure} className="group shrink-0 md:hidden">
            <summary className={`block cursor-pointer list-none [&::-webkit-details-marker]:hidden ${toggleClass}`}>
              <Menu aria-hidden="true" className="h-6 w-6 group-open:hidden" />
              <X aria-hidden="true" className="hidden h-6 w-6 group-open:block" />
              <span className="sr-only">Menu</span>
            </summary>
            <MobileMenu className="absolute inset-x-0 top-full border-b shadow-md">{mobileLinks}</MobileMenu>
          </details>
        )}
      </nav>
      {enhanced && menuOpen && <MobileMenu>{mobileLinks}</MobileMenu>}
    </header>
  );
}
