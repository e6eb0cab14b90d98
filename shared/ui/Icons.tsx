/** Inline icons. They draw in currentColor so one shape serves the normal and the light style. */

/**
 * The monogram, as in the favicon: three suppliers (dots) whose offers meet at
 * one point, the buyer; the best one in the accent colour.
 */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <g fill="none" strokeWidth="2" strokeLinecap="round">
        <path d="M9 9l15 7M9 23l15-7" stroke="currentColor" />
        <path className="logo-mark__accent" d="M9 16h15" />
      </g>
      <circle cx="9" cy="9" r="2.5" fill="currentColor" />
      <circle cx="9" cy="23" r="2.5" fill="currentColor" />
      <circle className="logo-mark__dot" cx="9" cy="16" r="2.5" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg className="menu-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
