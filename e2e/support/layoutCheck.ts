import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

export interface LayoutProblem {
  kind: 'clipped' | 'overlap' | 'page-overflow' | 'split-word';
  what: string;
}

/**
 * Waits until the page's layout stands still before it is measured: web fonts loaded, no finite
 * animation running (Mantine fades dialogs in), and the same layout in two looks 100 ms apart (after
 * a resize or a local read React renders once more). A condition instead of a fixed pause: it ends
 * as soon as the page is still, and waits longer on a busy machine. Endless animations (loaders)
 * do not count, as in support/a11y.ts.
 */
export async function layoutSettled(page: Page): Promise<void> {
  let previous = '';
  await expect.poll(async () => {
    const current = await page.evaluate(async () => {
      await document.fonts.ready;
      const animating = document.getAnimations().some((animation) =>
        animation.playState === 'running' && (animation.effect?.getComputedTiming().iterations ?? 1) !== Infinity);
      if (animating) return 'animating';
      const boxes = [...document.querySelectorAll('h1, button, [role="tab"], input, table, .mantine-Badge-root')].map((el) => {
        const r = el.getBoundingClientRect();
        return `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`;
      });
      const root = document.documentElement;
      return `${root.scrollWidth}x${root.scrollHeight}|${document.body.innerText.length}|${boxes.join(';')}`;
    });
    const still = current !== 'animating' && current === previous;
    previous = current;
    return still;
  }, { message: 'Das Layout kommt nicht zur Ruhe', intervals: [100], timeout: 20_000 }).toBe(true);
}

/**
 * The tablet layout check, run in the page: (1) no button, tab or badge whose text is cut — its
 * label box is narrower than its text (`scrollWidth > clientWidth`, also on the label inside a
 * Mantine button or badge); (2) no two visible interactive elements overlap (neither contains the
 * other in the DOM, and their boxes share more than 2 px in both directions; an element in a
 * sticky bar and one scrolled under it do not count); (3) the page does not scroll sideways;
 * (4) no button, tab or badge label wraps inside a word. Elements inside a scroll container are
 * measured where they are, so a horizontally scrolling table is fine. With a dialog open, only the
 * dialog is checked.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: 'clipped' | 'overlap' | 'page-overflow' | 'split-word'; what: string }[] = [];
    // The page itself never scrolls sideways (a wide table scrolls in its own container).
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 1) problems.push({ kind: 'page-overflow', what: `${overflow}px wider than the screen` });
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const name = (el: Element) => {
      const role = el.getAttribute('role');
      const text = el.textContent.trim() || (el.getAttribute('aria-label') ?? '');
      return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} '${text.slice(0, 60)}'`;
    };

    // With a dialog open only the dialog counts: the page behind it lies under the overlay.
    const dialogs = document.querySelectorAll('[role="dialog"]');
    const root: ParentNode = dialogs.length > 0 ? (dialogs[dialogs.length - 1] as Element) : document;
    const labelled = root.querySelectorAll('button, [role="tab"], a.mantine-Button-root, .mantine-Badge-root');
    for (const el of labelled) {
      if (!visible(el)) continue;
      const parts = [el, ...el.querySelectorAll('.mantine-Button-label, .mantine-Badge-label, .mantine-Tabs-tabLabel, .mantine-Button-inner')];
      if (parts.some((part) => part.scrollWidth > part.clientWidth + 1)) problems.push({ kind: 'clipped', what: name(el) });
      // A line that ends between two letters: 'overflow-wrap: anywhere' split a word without a
      // hyphen ('Oberkörperhochlageru' / 'ng'; this Chromium has no German hyphenation).
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const range = document.createRange();
        let previousTop: number | null = null;
        for (let i = 0; i < text.length; i += 1) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getBoundingClientRect().top;
          if (previousTop !== null && top > previousTop + 2 && /\p{L}/u.test(text[i - 1] ?? '') && /\p{L}/u.test(text[i] ?? '')) {
            problems.push({ kind: 'split-word', what: `${name(el)} bei '${text.slice(Math.max(0, i - 12), i)}|${text.slice(i, i + 6)}'` });
            break;
          }
          previousTop = top;
        }
      }
    }

    // Content under an `inert` veil (components/LockOverlay.tsx: a blocked organisation or service)
    // cannot be reached by pointer or keyboard and lies under the overlay's own button by design.
    const interactive = [...root.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="button"], [role="checkbox"], [role="switch"]')]
      .filter((el) => visible(el) && !el.closest('[aria-hidden="true"], [inert]'));
    const rects = interactive.map((el) => el.getBoundingClientRect());
    const sticky = (el: Element) => {
      for (let at: Element | null = el; at !== null; at = at.parentElement) if (getComputedStyle(at).position === 'sticky') return true;
      return false;
    };
    for (let i = 0; i < interactive.length; i += 1) {
      for (let j = i + 1; j < interactive.length; j += 1) {
        const a = interactive[i] as Element;
        const b = interactive[j] as Element;
        if (a.contains(b) || b.contains(a)) continue;
        // A field's own section button (the password field's eye) sits inside the field by design.
        const wrapper = (el: Element) => el.closest('.mantine-Input-wrapper');
        if (wrapper(a) !== null && wrapper(a) === wrapper(b)) continue;
        // Content scrolled under a sticky bar (a capture dialog's 'Speichern' footer,
        // components/FormActions.tsx) lies there by design: the bar stays on screen.
        if (sticky(a) !== sticky(b)) continue;
        const ra = rects[i] as DOMRect;
        const rb = rects[j] as DOMRect;
        const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (x > 2 && y > 2) problems.push({ kind: 'overlap', what: `${name(a)} × ${name(b)}` });
      }
    }
    return problems;
  });
}

export interface ToastCheck {
  /** Toasts on screen when measured: a check with none measured nothing. */
  toasts: number;
  /** Every enabled button, tab, link or choice that a visible toast overlaps (more than 2 px each way). */
  covered: string[];
}

/**
 * Docs/decisions.md "Toasts never cover an action": no visible toast lies on anything that can be
 * tapped now — with a dialog open, the dialog's own controls.
 */
export async function toastsOverButtons(page: Page): Promise<ToastCheck> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width >= 1 && rect.height >= 1 && style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const toasts = [...document.querySelectorAll('.mantine-Notification-root')].filter(visible);
    const dialogs = document.querySelectorAll('[role="dialog"]');
    const root: ParentNode = dialogs.length > 0 ? (dialogs[dialogs.length - 1] as Element) : document;
    const controls = [...root.querySelectorAll('button, a[href], [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"]')]
      .filter((el) => visible(el) && !el.matches(':disabled, [aria-disabled="true"]') && !el.closest('[aria-hidden="true"], [inert], .mantine-Notification-root'));
    const covered: string[] = [];
    for (const toast of toasts) {
      const t = toast.getBoundingClientRect();
      for (const control of controls) {
        const c = control.getBoundingClientRect();
        const x = Math.min(t.right, c.right) - Math.max(t.left, c.left);
        const y = Math.min(t.bottom, c.bottom) - Math.max(t.top, c.top);
        const label = control.textContent.trim() || (control.getAttribute('aria-label') ?? control.tagName.toLowerCase());
        if (x > 2 && y > 2) covered.push(`'${toast.textContent.trim().slice(0, 40)}' über '${label.slice(0, 40)}'`);
      }
    }
    return { toasts: toasts.length, covered };
  });
}
