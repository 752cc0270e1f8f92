// Opens something after the pointer (or focus) has rested on it for a while and closes it at once
// when it leaves: the seed's tooltips wait 500 ms (seed 000 §9), so a pointer passing over a table
// does not flash a bubble on every cell. Pure apart from the timers (unit-tested with fake timers).

/** Tooltip delay (seed 000 §9 "Tooltip delays 500 ms"). */
export const TOOLTIP_DELAY_MS = 500;

export interface DelayedToggle {
  enter: () => void;
  leave: () => void;
  dispose: () => void;
}

export function delayedToggle(set: (open: boolean) => void, delayMs = TOOLTIP_DELAY_MS): DelayedToggle {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    enter: () => {
      clear();
      timer = setTimeout(() => {
        timer = null;
        set(true);
      }, delayMs);
    },
    leave: () => {
      clear();
      set(false);
    },
    dispose: clear,
  };
}
