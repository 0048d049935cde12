/** The classes of a Select's trigger: SelectTrigger (select.tsx) and the Contacts filters' stand-in trigger use them. */
export const selectTriggerClassName =
  'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground aria-[invalid=true]:border-destructive';
