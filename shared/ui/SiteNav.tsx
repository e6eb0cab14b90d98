import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CloseIcon, LogoMark, MenuIcon } from './Icons.tsx';
import { useEnhanced } from './useEnhanced.ts';
import { Words } from './Words.tsx';
import type { Labels } from '../../content/schema.ts';
import type { Chrome } from '../routes.ts';

export interface NavLink {
  href: string;
  label: string;
}

/** A language in the switcher: named in itself, leading to this page in it (or the closest one it has). */
export interface LanguageChoice {
  code: string;
  name: string;
  href: string;
  current: boolean;
}

export interface SiteNavProps {
  brandName: string;
  homeHref: string;
  chrome: Chrome;
  /** The canonical path of the page, or null on a page that is not ours (404). */
  currentPath: string | null;
  links: NavLink[];
  languages: LanguageChoice[];
  labels: Labels['nav'];
}

export const MENU_ID = 'site-menu';

/**
 * The top bar and the full-screen overlay menu. Without JavaScript the overlay
 * is a native popover (a non-modal dialog) that the drawer and exit buttons open and close. The
 * script adds what a modal needs: focus moves in and stays in, the page
 * behind is inert, and focus returns to the drawer button on close.
 */
export function SiteNav({ brandName, homeHref, chrome, currentPath, links, languages, labels }: SiteNavProps) {
  const enhanced = useEnhanced();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const drawerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const menu = menuRef.current;
    const drawer = drawerRef.current;
    // Browsers without popovers show the menu as a plain block of links (see styles.css).
    if (!menu || !drawer || !('popover' in HTMLElement.prototype)) return;
    // Focus and inertness change in the toggle event itself, not in a later effect: a visitor who
    // closes and reopens the menu quickly never meets a page whose state lags a toggle behind.
    const follow = () => {
      const isOpen = menu.matches(':popover-open');
      setOpen(isOpen);
      setBackgroundInert(menu, isOpen);
      if (isOpen) focusables(menu)[0]?.focus();
      else if (document.activeElement === document.body || menu.contains(document.activeElement)) drawer.focus();
    };
    menu.addEventListener('toggle', follow);
    // The visitor may have opened the menu before the script arrived.
    if (menu.matches(':popover-open')) follow();
    return () => menu.removeEventListener('toggle', follow);
  }, []);

  // Tab and Shift+Tab wrap around inside the open menu.
  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !menuRef.current) return;
    const items = focusables(menuRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  const homeActive = currentPath === homeHref;
  return (
    <>
      <header className={`site-header site-header--${chrome}`}>
        <a className="brand" href={homeHref}>
          <LogoMark />
          <span className="brand__name">
            <Words text={brandName} />
          </span>
        </a>
        <nav className="site-header__nav" aria-label={labels.primary}>
          <a className="nav-link" href={homeHref} aria-current={homeActive ? 'page' : undefined}>
            <Words text={labels.home} />
          </a>
          <Languages languages={languages} label={labels.language} className="languages languages--bar" landmark={false} />
          <button
            ref={drawerRef}
            type="button"
            className="icon-button"
            popoverTarget={MENU_ID}
            popoverTargetAction="show"
            aria-controls={MENU_ID}
            aria-expanded={enhanced ? open : undefined}
            aria-label={labels.openMenu}
          >
            <MenuIcon />
          </button>
        </nav>
      </header>
      <div
        ref={menuRef}
        id={MENU_ID}
        className="overlay-menu"
        popover="auto"
        // A dialog either way (the label needs a role that can be named); modal only once the script traps focus.
        role="dialog"
        aria-modal={enhanced ? true : undefined}
        aria-label={labels.menu}
        onKeyDown={trapTab}
      >
        <div className="overlay-menu__bar">
          <a className="brand brand--light" href={homeHref}>
            <LogoMark />
            <span className="brand__name">
              <Words text={brandName} />
            </span>
          </a>
          <button
            type="button"
            className="icon-button icon-button--light"
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
            aria-label={labels.closeMenu}
          >
            <CloseIcon />
          </button>
        </div>
        <nav className="overlay-menu__nav" aria-label={labels.site}>
          <ul>
            {links.map((link) => {
              const current = linkState(link.href, currentPath);
              return (
                <li key={link.href}>
                  <a href={link.href} aria-current={current} className={current ? 'is-current' : undefined}>
                    <Words text={link.label} />
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <Languages languages={languages} label={labels.language} className="languages languages--menu" landmark />
      </div>
    </>
  );
}

/**
 * The language switcher: plain links, so it works without a script; each name in its own language.
 * In the menu it is a navigation landmark of its own; in the bar, a named group inside the bar's
 * navigation, since two landmarks of one name (and one inside another) cannot be told apart.
 */
function Languages({ languages, label, className, landmark }: { languages: LanguageChoice[]; label: string; className: string; landmark: boolean }) {
  if (languages.length < 2) return null;
  const Wrapper = landmark ? 'nav' : 'div';
  return (
    <Wrapper className={className} aria-label={label} role={landmark ? undefined : 'group'}>
      <ul>
        {languages.map((language) => (
          <li key={language.code}>
            <a href={language.href} lang={language.code} hrefLang={language.code} aria-current={language.current ? 'page' : undefined}>
              {language.name}
            </a>
          </li>
        ))}
      </ul>
    </Wrapper>
  );
}

/** "page" for the page itself, "true" for the section a product page belongs to. */
function linkState(href: string, currentPath: string | null): 'page' | 'true' | undefined {
  if (currentPath === null) return undefined;
  if (currentPath === href) return 'page';
  return currentPath.startsWith(`${href}/`) ? 'true' : undefined;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
}

/** While the menu is open, nothing else on the page can be focused, clicked or read. */
function setBackgroundInert(menu: HTMLElement, inert: boolean) {
  for (let node: HTMLElement | null = menu; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling !== node && sibling instanceof HTMLElement) sibling.inert = inert;
    }
  }
}
