import type { TelegramLoginData } from '@printdeck/shared';
import { useEffect, useRef } from 'react';

declare global {
  interface Window {
    /** Telegram's Login Widget calls this (data-onauth) with the signed user data. */
    onTelegramAuth?: (user: TelegramLoginData) => void;
  }
}

const WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';

/**
 * Telegram's Login Widget (https://core.telegram.org/widgets/login): its script draws the
 * button, the person confirms in Telegram, and the widget calls `onTelegramAuth`.
 */
export function TelegramLoginWidget(props: {
  botName: string;
  language: string;
  onAuth: (user: TelegramLoginData) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const onAuth = useRef(props.onAuth);
  onAuth.current = props.onAuth;

  useEffect(() => {
    window.onTelegramAuth = (user) => onAuth.current(user);
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_SRC;
    script.setAttribute('data-telegram-login', props.botName);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-userpic', 'false');
    script.setAttribute('data-lang', props.language);
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-onauth', 'onTelegramAuth(user)');
    const host = container.current;
    host?.appendChild(script);
    return () => {
      host?.replaceChildren();
      delete window.onTelegramAuth;
    };
  }, [props.botName, props.language]);

  return <div ref={container} data-testid="telegram-login-widget" />;
}
