import { useEffect, useState } from 'react';
import { CAMERA_TIMING, isLightLocked } from '../model/camera-machine';

/** A light switch that stays locked for 4 s after each press. */
export function useLockedToggle(onToggle: () => Promise<void>) {
  const [pressedAt, setPressedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (pressedAt === null) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), CAMERA_TIMING.lightLockMs);
    return () => clearTimeout(timer);
  }, [pressedAt]);

  const isLocked = isLightLocked(pressedAt, Math.max(now, pressedAt ?? 0));
  const press = () => {
    if (isLocked) return;
    const at = Date.now();
    setPressedAt(at);
    setNow(at);
    void onToggle();
  };
  return { isLocked, press };
}
