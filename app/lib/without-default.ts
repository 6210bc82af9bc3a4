/** An event handler that cancels the event's default (a link followed, a form sent, a drop refused) and does `action` instead. */
export const withoutDefault = (action: () => void) => (event: { preventDefault(): void }) => {
  event.preventDefault();
  action();
};
