// @vitest-environment happy-dom
/**
 * Sending a form: busy while it sends; the server's refusal is shown as the form's failure and as an alert
 * snackbar, any other failure as the form's own text; a form that leaves the page stays busy.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { ApiError } from '~/client/api';
import { $snackbar } from '../snackbar/store';
import { type Send, useSend } from './useSend';

let sender: Send;
function Probe() {
  sender = useSend('Something went wrong');
  return null;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const root = createRoot(document.createElement('div'));
afterEach(() => act(() => root.render(null)));

async function mount() {
  await act(async () => root.render(<Probe />));
}

test('a refusal shows the server message under the form and as an alert, and the form can be sent again', async () => {
  await mount();
  await act(() =>
    sender.send(async () => {
      throw new ApiError(422, 'The name is taken', {});
    }),
  );
  expect(sender.failure).toBe('The name is taken');
  expect(sender.sending).toBe(false);
  expect($snackbar.get()).toMatchObject({ show: true, text: 'The name is taken', color: 'alert' });
});

test('a failure without a server message shows the form text; a new send clears it', async () => {
  await mount();
  await act(() =>
    sender.send(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  expect(sender.failure).toBe('Something went wrong');
  await act(() => sender.send(async () => {}));
  expect(sender.failure).toBeNull();
  expect(sender.sending).toBe(false);
});

test('a send that leaves the page keeps the form busy', async () => {
  await mount();
  await act(() => sender.send(async () => {}, { keepBusy: true }));
  expect(sender.sending).toBe(true);
});
