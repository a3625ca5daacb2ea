import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { reportError } from '../../../../lib/error-modal-store';
import { controlPrinter } from '../../../../shared/printers/api/control-printer';
import { klipperGcodeStoreQueryKey } from '../../api/get-klipper-gcode-store';
import {
  getRefusalMessage,
  isIgnoredConsoleError,
} from '../../../../shared/printers/model/control-errors';
import { CONSOLE_SEND_LOCK_MS } from '../../model/control-input';

/**
 * Sends console commands and macros: locked while sending and for 1 s after; a 408 is logged
 * and ignored (spec part 1 §4 "Klipper console", §8); a refusal is kept for the console to show.
 */
export function useConsoleSend(printerId: number) {
  const queryClient = useQueryClient();
  const [isSending, setSending] = useState(false);
  const [lockedAt, setLockedAt] = useState<number | null>(null);
  /** the printer's answer to the last send when it refused it, shown under the command line */
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (lockedAt === null) return undefined;
    const timer = setTimeout(() => setLockedAt(null), CONSOLE_SEND_LOCK_MS);
    return () => clearTimeout(timer);
  }, [lockedAt]);

  const send = async (commands: string[]): Promise<boolean> => {
    setSending(true);
    setRefusal(null);
    try {
      await controlPrinter({ printerId, action: 'send_command', body: { commands } });
      return true;
    } catch (error) {
      const refused = getRefusalMessage(error);
      if (isIgnoredConsoleError(error)) console.warn('Klipper command timed out', error);
      else if (refused !== null) setRefusal(refused);
      else reportError(error);
      return false;
    } finally {
      setSending(false);
      setLockedAt(Date.now());
      void queryClient.invalidateQueries({ queryKey: klipperGcodeStoreQueryKey(printerId) });
    }
  };

  return { send, refusal, isLocked: isSending || lockedAt !== null };
}
