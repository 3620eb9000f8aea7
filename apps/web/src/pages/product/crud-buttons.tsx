import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPrompt, toastSuccess } from '../../app/feedback.ts';
import { IfAction } from '../../components/Access.tsx';
import { requireSelection } from '../../components/selection.ts';
import { attempt } from './form-values.ts';

/** The add, edit and delete buttons every catalogue list carries, with the spec's selection rules. */
export function CrudButtons<Row extends { id: number }>(props: {
  rows: Row[];
  /** data-testid prefix: `<prefix>-add`, `-edit`, `-delete` */
  testId: string;
  addLabel: string;
  onAdd: () => void;
  onEdit: (row: Row) => void;
  remove: (id: number) => Promise<unknown>;
  /** Reloads the list after a delete, whether or not every row went. */
  refresh: () => void;
}) {
  const { t } = useTranslation();
  const { rows, testId } = props;
  return (
    <>
      <IfAction action="add">
        <Button type="primary" onClick={props.onAdd} data-testid={`${testId}-add`}>
          {props.addLabel}
        </Button>
      </IfAction>
      <IfAction action="edit">
        <Button
          onClick={() => {
            const [only] = rows;
            if (requireSelection(rows.length, 'one') && only) props.onEdit(only);
          }}
          data-testid={`${testId}-edit`}
        >
          {t('catalogue.common.edit')}
        </Button>
      </IfAction>
      <IfAction action="delete">
        <Button
          danger
          onClick={() => {
            if (!requireSelection(rows.length, 'some')) return;
            void confirmPrompt({
              kind: 'delete',
              onOk: async () => {
                const ok = await attempt(async () => {
                  for (const row of rows) await props.remove(row.id);
                });
                if (ok) toastSuccess('delete');
                props.refresh();
              },
            });
          }}
          data-testid={`${testId}-delete`}
        >
          {t('catalogue.common.delete')}
        </Button>
      </IfAction>
    </>
  );
}
