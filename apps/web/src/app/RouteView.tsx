import { type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useAccountInfo } from '../api/account.ts';
import { http } from '../api/http.ts';
import { usePlatform } from '../api/platform.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { canOpen, homePath, isRestrictedStyle } from './access.ts';
import { LOGIN_PATH, OPEN_ID_STORAGE_KEY } from './constants.ts';
import { WECHAT_APP_ID } from './edition.ts';
import { externalUrl, openExternal } from './external.ts';
import { lazyPage } from './lazy-page.ts';
import { RouteError } from './RouteError.tsx';
import { loginPathFor, servicePackageRedirect, waybillListRedirect, wechatStep } from './redirects.ts';
import { type AppRoute, ForbiddenPage } from './routes.ts';
import { loginPath, returnsAfterLogin } from './session.ts';
import { useToken } from './use-session.ts';

const PlaceholderPage = lazyPage(() => import('../pages/placeholder/index.tsx'));

function Page({ route }: { route: AppRoute }) {
  const Component = route.component ?? PlaceholderPage;
  return (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
}

/** plc, calibrationServe and marketManage open in a new window; opened directly, the user goes home. */
function ExternalRoute({ route }: { route: AppRoute }) {
  useEffect(() => {
    if (route.external) openExternal(route.external);
  }, [route.external]);
  return <Navigate to="/" replace />;
}

function readOpenId(): string | null {
  try {
    return sessionStorage.getItem(OPEN_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Inside WeChat, a mobile-calibration page first gets an OAuth code and exchanges it for an open id
 * (000 §2.10); the code then leaves the address bar.
 */
function WeChatGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const step = wechatStep({
    pathname: location.pathname,
    search: location.search,
    href: window.location.href,
    userAgent: navigator.userAgent,
    appId: WECHAT_APP_ID,
    haveOpenId: readOpenId() !== null,
  });
  useEffect(() => {
    if (step.kind === 'authorize') window.location.replace(step.url);
    if (step.kind !== 'exchange') return;
    void http
      .get<string>('/payment/payment/getOpenId', { params: { code: step.code }, quiet: true })
      .then((openId) => sessionStorage.setItem(OPEN_ID_STORAGE_KEY, openId))
      .catch(() => undefined)
      .finally(() => {
        const rest = new URLSearchParams(location.search);
        rest.delete('code');
        rest.delete('state');
        const search = rest.toString();
        window.history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
      });
  }, [step, location.pathname, location.search]);
  if (step.kind === 'authorize') return <PageLoading />;
  return children;
}

/** Redirect rules of 000 §2.10 that depend on the route itself. */
function routeRedirect(
  route: AppRoute,
  pathname: string,
  id: string | undefined,
  enableRegister: number | undefined,
) {
  // Registration closed on this platform: the register page goes to login.
  if (route.name === 'register' && enableRegister === 0) return LOGIN_PATH;
  if (route.name === 'order.servicePackage') return servicePackageRedirect(id);
  if (route.name === 'pcQuick.waybill.list' || route.name === 'mobileQuick.waybill.list')
    return waybillListRedirect(pathname, navigator.userAgent);
  return null;
}

/**
 * One route's page behind its rules: login for non-public routes (the area's login page), the account's
 * permissions (403 page otherwise, 000 §6), and the redirects of 000 §2.10.
 */
export function RouteView({ route }: { route: AppRoute }) {
  const location = useLocation();
  const { id } = useParams();
  const token = useToken();
  const needsSession = route.access !== 'public';
  const info = useAccountInfo({ enabled: needsSession });
  const { data: platform } = usePlatform();

  const redirect = routeRedirect(route, location.pathname, id, platform?.enableRegister);
  if (redirect) return <Navigate to={{ pathname: redirect, search: location.search }} replace />;
  if (needsSession && !token) {
    // A logout goes to plain login even when this page notices the missing token first.
    const to = returnsAfterLogin()
      ? loginPath(`${location.pathname}${location.search}`)
      : loginPathFor(location.pathname);
    return <Navigate to={to} replace />;
  }
  if (needsSession && !info.data) return info.isError ? <RouteError /> : <PageLoading />;
  const ctx = info.data
    ? {
        permissions: info.data.permissionRoutes,
        walletStatus: info.data.userProfile.walletStatus,
        styleModel: platform?.styleModel ?? 1,
      }
    : null;
  // 000 §6: a restricted-style platform's home is the device list.
  if (route.name === 'home' && isRestrictedStyle(platform?.styleModel))
    return <Navigate to={homePath(platform?.styleModel)} replace />;
  if (needsSession && !canOpen(route, ctx)) return <Page route={{ ...route, component: ForbiddenPage }} />;
  if (route.external && externalUrl(route.external)) return <ExternalRoute route={route} />;
  if (route.layout === 'calibrationMobile')
    return (
      <WeChatGate>
        <Page route={route} />
      </WeChatGate>
    );
  return <Page route={route} />;
}
