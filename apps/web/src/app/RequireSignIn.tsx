import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAccountInfo } from '../api/account.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { getToken, loginPath } from './session.ts';

/**
 * Routes behind login: without a token go to the login page, remembering the path (000 §2.10); with
 * one, wait for the account info (its failure ends the session, see api/account.ts).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  const token = getToken();
  const info = useAccountInfo();
  if (!token) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (!info.data) return <PageLoading />;
  return children;
}
