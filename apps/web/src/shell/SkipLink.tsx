import { useTranslation } from 'react-i18next';

/** The id of the layout's main content, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key (WCAG 2.4.1 bypass blocks): hidden until focused, it moves the focus
 * past the menu and header to the page's content, without touching the address.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('layout.skipToContent')}
    </a>
  );
}
