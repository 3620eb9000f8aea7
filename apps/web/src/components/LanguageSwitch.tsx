import { LOCALES } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale, isLocale, LANGUAGE_NAMES } from '../app/i18n.ts';

/**
 * Language menu (000 §1): the choice is stored and sent as Accept-Language from then on. A popover
 * with buttons rather than Dropdown, which brings antd's Menu into the login page.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const current = isLocale(i18n.language) ? i18n.language : currentLocale();

  const choose = (locale: (typeof LOCALES)[number]) => {
    setOpen(false);
    if (locale === current) return;
    // Answers carry server text in the old language; fetch them again in the new one.
    void changeLocale(locale).then(() => queryClient.invalidateQueries());
  };

  const list = (
    <div role="menu" aria-label={t('language.switch')} style={{ display: 'flex', flexDirection: 'column' }}>
      {LOCALES.map((locale) => (
        <Button
          key={locale}
          type={locale === current ? 'link' : 'text'}
          role="menuitemradio"
          aria-checked={locale === current}
          lang={locale}
          onClick={() => choose(locale)}
          style={{ justifyContent: 'flex-start' }}
        >
          {LANGUAGE_NAMES[locale]}
        </Button>
      ))}
    </div>
  );

  return (
    <Popover content={list} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button type="text" title={t('language.switch')} aria-haspopup="menu" data-testid="language-switch">
        <span aria-hidden="true">文A</span>
        {compact ? null : <span lang={current}>{LANGUAGE_NAMES[current]}</span>}
      </Button>
    </Popover>
  );
}
