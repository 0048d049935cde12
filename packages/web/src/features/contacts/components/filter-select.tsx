import { ChevronDownIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { selectTriggerClassName } from '@/components/ui/select-trigger-class';
import { loadOnce } from '@/lib/load-once';
import { whenIdle } from '@/lib/when-idle';
import type { FilterSelectProps, LoadedFilterSelectProps } from './loaded-filter-select';

let loaded: ComponentType<LoadedFilterSelectProps> | undefined;
// Offline: the next click tries again.
const load = loadOnce(() => import('./loaded-filter-select').then((module) => (loaded = module.LoadedFilterSelect)));

const openKeys = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A filter of the Contacts screen (relationship, sort field, direction). The radix Select behind it
 * (with its popper and floating-ui, a large chunk) is not needed to paint the list: its code is
 * fetched once the screen has painted and the browser is idle, and the same-looking trigger stays
 * until the visitor opens the list (a click, or Enter, Space or an arrow key), which opens the
 * radix Select at once (or as soon as its code arrives). Mounting three radix Selects with the
 * screen is a long, unsliced render on a phone (their refs set state during the commit), and
 * swapping earlier, on hover or focus, could swallow a click that started on the stand-in.
 */
export function FilterSelect(props: FilterSelectProps) {
  const [swap, setSwap] = useState<{ Loaded: ComponentType<LoadedFilterSelectProps>; hadFocus: boolean } | null>(null);
  const [wantsOpen, setWantsOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();

  // Fetched ahead of the first click, once the screen has painted.
  useEffect(() => (loaded ? undefined : whenIdle(() => void load().catch(() => undefined))), []);

  useEffect(() => {
    if (swap || !wantsOpen) return;
    let live = true;
    load().then(
      (component) => {
        if (live) setSwap({ Loaded: component, hadFocus: document.activeElement === trigger.current });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [swap, wantsOpen, attempt]);

  if (swap) return <swap.Loaded {...props} defaultOpen={wantsOpen} focusOnMount={swap.hadFocus} />;

  const { id, value, options, disabled } = props;
  const open = () => {
    if (disabled) return;
    setWantsOpen(true);
    setAttempt((count) => count + 1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!openKeys.has(event.key)) return;
    event.preventDefault();
    open();
  };
  return (
    <button
      ref={trigger}
      type="button"
      role="combobox"
      id={id}
      aria-controls={listId}
      aria-expanded={false}
      aria-autocomplete="none"
      aria-describedby={props['aria-describedby']}
      data-state="closed"
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      className={selectTriggerClassName}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <span style={{ pointerEvents: 'none' }}>{options.find((option) => option.value === value)?.label}</span>
      <ChevronDownIcon className="size-4 opacity-60" aria-hidden />
    </button>
  );
}
