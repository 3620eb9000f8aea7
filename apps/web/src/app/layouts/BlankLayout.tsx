import { Outlet } from 'react-router';

/** No chrome: error pages, payment results, help and full-screen views (000 §2.1 bare layout). */
export default function BlankLayout() {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
      }}
    >
      <Outlet />
    </main>
  );
}
