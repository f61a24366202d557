// @vitest-environment happy-dom
/**
 * The shared form parts as a person using a screen reader meets them: the label names the control, the hint and
 * the problem describe it, a problem marks it invalid; a failure is an alert, and the submit button says it is
 * busy.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { TextField } from './Field';
import { FormAlert } from './FormAlert';
import { Submit } from './Submit';

function render(markup: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = markup;
  return box;
}

const describedBy = (box: HTMLElement, input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => box.querySelector(`[id="${id}"]`)?.textContent);

test('a field: the label names the input, the note follows the label, hint and problem describe it', () => {
  const box = render(
    renderToStaticMarkup(
      <TextField label="Name" note="optional" hint="As shown" problem="Too long" value="x" onChange={() => {}} />,
    ),
  );
  const input = box.querySelector('input') as HTMLInputElement;
  const label = box.querySelector(`label[for="${input.id}"]`);
  expect(label?.textContent).toBe('Name (optional)');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(describedBy(box, input)).toEqual(['As shown', 'Too long']);
  expect(box.querySelector('[role="alert"]')).toBeNull();
});

test('a field without a problem is not marked invalid and is described by its hint only', () => {
  const box = render(renderToStaticMarkup(<TextField label="Name" hint="As shown" value="" onChange={() => {}} />));
  const input = box.querySelector('input') as HTMLInputElement;
  expect(input.hasAttribute('aria-invalid')).toBe(false);
  expect(describedBy(box, input)).toEqual(['As shown']);
});

test('a problem found as the person chooses is announced at once', () => {
  const box = render(
    renderToStaticMarkup(<TextField label="Icon" problem="Too big" alertProblem value="" onChange={() => {}} />),
  );
  expect(box.querySelector('[role="alert"]')?.textContent).toBe('Too big');
});

test('a form alert shows its failure, and nothing without one', () => {
  expect(renderToStaticMarkup(<FormAlert text={null} />)).toBe('');
  const box = render(renderToStaticMarkup(<FormAlert text="Refused" data-failure />));
  expect(box.querySelector('[role="alert"][data-failure]')?.textContent).toBe('Refused');
});

test('the submit button is disabled and says so while busy', () => {
  const idle = render(renderToStaticMarkup(<Submit label="Save" busyLabel="Saving" busy={false} />));
  expect(idle.querySelector('button')?.disabled).toBe(false);
  expect(idle.textContent).toBe('Save');
  const busy = render(renderToStaticMarkup(<Submit label="Save" busyLabel="Saving" busy />));
  expect(busy.querySelector('button')?.disabled).toBe(true);
  expect(busy.textContent).toBe('Saving');
});
