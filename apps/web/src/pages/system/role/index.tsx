import { RolesPanel } from '../../consumer/role/RolesPanel.tsx';

/** /system/role: the system roles (read-only) and the platform's own roles (002 §6). */
export default function SystemRolePage() {
  return <RolesPanel view="backOffice" />;
}
