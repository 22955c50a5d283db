/**
 * Where the toast sits (docs/decisions.md "Toasts never cover an action"): at the first of a few
 * fixed spots — bottom centre, top centre below the header, then the four corners — where it
 * covers no enabled button, tab, link or choice that can be tapped now (with a dialog open, the
 * dialog's own). Measured again while the toast shows, so a dialog that opens or a page that
 * scrolls under it moves it away from the button it would cover. A success that finds no free spot
 * is taken away: the screen shows its result anyway; an error keeps the spot that covers least.
 */

const gap = 16;
const followEveryMs = 150;
const tappable = 'button, a[href], [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="option"]';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Spot {
  style: Partial<Record<'top' | 'bottom' | 'left' | 'right' | 'transform', string>>;
  box: (width: number, height: number) => Box;
}

function spots(headerBottom: number): Spot[] {
  const w = window.innerWidth;
  const h = window.innerHeight;
  const top = headerBottom + gap / 2;
  const centre = (width: number) => (w - width) / 2;
  const at = (left: number, y: number, width: number, height: number): Box => ({ left, top: y, right: left + width, bottom: y + height });
  return [
    { style: { bottom: `${gap}px`, left: '50%', transform: 'translateX(-50%)' }, box: (width, height) => at(centre(width), h - gap - height, width, height) },
    { style: { top: `${top}px`, left: '50%', transform: 'translateX(-50%)' }, box: (width, height) => at(centre(width), top, width, height) },
    { style: { bottom: `${gap}px`, right: `${gap}px` }, box: (width, height) => at(w - gap - width, h - gap - height, width, height) },
    { style: { bottom: `${gap}px`, left: `${gap}px` }, box: (width, height) => at(gap, h - gap - height, width, height) },
    { style: { top: `${top}px`, right: `${gap}px` }, box: (width, height) => at(w - gap - width, top, width, height) },
    { style: { top: `${top}px`, left: `${gap}px` }, box: (width, height) => at(gap, top, width, height) },
  ];
}

function shown(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  if (rect.width < 1 || rect.height < 1) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

/** Boxes of everything a tap could be meant for right now (a dialog's own, when one is open). */
function actionBoxes(toast: Element): Box[] {
  const dialogs = document.querySelectorAll('[role="dialog"]');
  const scope: ParentNode = dialogs.length > 0 ? (dialogs[dialogs.length - 1] as Element) : document;
  return [...scope.querySelectorAll(tappable)]
    .filter((el) => !toast.contains(el) && !el.matches(':disabled, [aria-disabled="true"]') && !el.closest('[aria-hidden="true"], [inert]') && shown(el))
    .map((el) => el.getBoundingClientRect());
}

function covered(box: Box, actions: readonly Box[]): number {
  let area = 0;
  for (const action of actions) {
    const x = Math.min(box.right, action.right) - Math.max(box.left, action.left);
    const y = Math.min(box.bottom, action.bottom) - Math.max(box.top, action.top);
    if (x > 0 && y > 0) area += x * y;
  }
  return area;
}

function headerBottom(): number {
  const header = document.querySelector('header');
  return header && shown(header) ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/** Moves the visible toast to its spot; false once no toast shows any more. */
export function placeToast(options: { dismissIfCovering: () => void; isSuccess: boolean }): boolean {
  const toast = document.querySelector('.mantine-Notification-root');
  const container = toast?.closest<HTMLElement>('[data-position]');
  if (!toast || !container) return false;
  const { width, height } = toast.getBoundingClientRect();
  const actions = actionBoxes(toast);
  const ranked = spots(headerBottom()).map((spot) => ({ spot, area: covered(spot.box(width, height), actions) }));
  const free = ranked.find(({ area }) => area === 0);
  if (!free && options.isSuccess) {
    options.dismissIfCovering();
    return false;
  }
  const best = free ?? ranked.reduce((a, b) => (b.area < a.area ? b : a));
  for (const side of ['top', 'bottom', 'left', 'right', 'transform'] as const) container.style[side] = best.spot.style[side] ?? 'auto';
  if (!best.spot.style.transform) container.style.transform = 'none';
  return true;
}

let following: ReturnType<typeof setInterval> | null = null;

/** Keeps placing the toast until it is gone (a toast lives a few seconds). */
export function followToast(options: { dismissIfCovering: () => void; isSuccess: () => boolean }): void {
  if (typeof window === 'undefined' || following !== null) return;
  let seen = false;
  const startedAt = Date.now();
  const stop = () => {
    if (following !== null) clearInterval(following);
    following = null;
  };
  const step = () => {
    // The document can go while a toast is followed (a test's environment torn down between steps).
    if (typeof document === 'undefined') {
      stop();
      return;
    }
    const present = placeToast({ dismissIfCovering: options.dismissIfCovering, isSuccess: options.isSuccess() });
    // The toast mounts a frame after show(): keep waiting until it has been seen once (or never came).
    if (present) seen = true;
    if (!present && (seen || Date.now() - startedAt > 2000)) stop();
  };
  following = setInterval(step, followEveryMs);
  requestAnimationFrame(step);
}
