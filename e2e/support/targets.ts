import type { Page } from 'playwright-core';

/**
 * The interactive elements on the page (or within `scope`) that are shown and less than `min`
 * px high, named by their test id, role and text: tap targets a finger can miss. Links inside a
 * sentence are left out (WCAG's inline exception), as are controls hidden from everyone.
 */
export async function smallTargets(page: Page, min = 24, scope = 'body'): Promise<string[]> {
  return page.evaluate(
    ({ min, scope }) => {
      const root = document.querySelector(scope) ?? document.body;
      const selector =
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"], [role="checkbox"], [role="radio"], [role="switch"], [tabindex]:not([tabindex="-1"])';
      const inSentence = (element: Element) => {
        if (element.tagName !== 'A') return false;
        const parent = element.parentElement;
        if (!parent) return false;
        const own = (element.textContent ?? '').trim();
        const around = (parent.textContent ?? '').trim();
        return ['P', 'LI', 'SPAN', 'DD', 'TD'].includes(parent.tagName) && around.length > own.length + 1;
      };
      return [...root.querySelectorAll(selector)]
        .filter((element) => {
          const style = getComputedStyle(element);
          if (style.visibility === 'hidden' || style.display === 'none') return false;
          if (element.closest('[aria-hidden="true"], [inert], .sr-only')) return false;
          if (element instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(element.type)) {
            // A native box is usually drawn by its label; the label is the target.
            return false;
          }
          const box = element.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) return false;
          // A control inside (or named by) a label that is big enough: the label is the target.
          const label =
            element.closest('label') ??
            (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null);
          if (label && label.getBoundingClientRect().height >= min - 0.5) return false;
          // 1 px tolerance for sub-pixel rounding.
          return box.height < min - 0.5 && !inSentence(element);
        })
        .map((element) => {
          const box = element.getBoundingClientRect();
          const name =
            element.getAttribute('data-testid') ??
            element.getAttribute('aria-label') ??
            (element.textContent ?? '').trim().slice(0, 40);
          return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
        });
    },
    { min, scope },
  );
}
