/** An event handler that cancels the default (a link followed, a form sent, a dialog closed) and does `action` instead. */
export const withoutDefault = (action: () => void) => (event: { preventDefault(): void }) => {
  event.preventDefault();
  action();
};
