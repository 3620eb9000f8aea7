import { useState } from 'react';
import { useSearchParams } from 'react-router';

const PROJECT_KEY = 'cloudProject';

/**
 * The cloud-chain views show one project. It arrives in the address of the first view opened
 * (`?projectId=`) and is kept for the session, since the cloud menu carries only the origin.
 */
export function openCloud(projectId: number, origin: 0 | 1): string {
  return `/cockpit/index?origin=${origin}&projectId=${projectId}`;
}

function stored(): number | null {
  try {
    const value = Number(sessionStorage.getItem(PROJECT_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function store(id: number): void {
  try {
    sessionStorage.setItem(PROJECT_KEY, String(id));
  } catch {
    // Private mode without storage: the choice lasts as long as the page.
  }
}

/** The project of the cloud-chain views, and a way to choose another. */
export function useCloudProject(): [number | null, (id: number) => void] {
  const [params] = useSearchParams();
  const [id, setId] = useState<number | null>(() => {
    const fromUrl = Number(params.get('projectId'));
    if (Number.isInteger(fromUrl) && fromUrl > 0) {
      store(fromUrl);
      return fromUrl;
    }
    return stored();
  });
  return [
    id,
    (next: number) => {
      store(next);
      setId(next);
    },
  ];
}
