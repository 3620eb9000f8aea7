import crypto from 'node:crypto';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_MS } from '@coldchain/shared';
import * as svgCaptcha from 'svg-captcha';
import { type Clock, iso } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import { AppError, fieldError } from '../../errors.ts';
import { CaptchaRepo } from './captcha.repo.ts';

/** Characters that are easy to mistake for one another are left out of the images. */
const AMBIGUOUS = '0oO1lIi';

/**
 * Captcha images (GET /base/BaseAccount/newVerify). The answer is kept, lower-cased, for 5 minutes
 * and is good for one check: a wrong answer spends it too, so an image cannot be brute-forced.
 */
export class CaptchaService {
  private readonly repo: CaptchaRepo;
  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new CaptchaRepo(db);
  }

  async create(): Promise<{ id: string; svg: string }> {
    const image = svgCaptcha.create({ size: CAPTCHA_LENGTH, noise: 2, ignoreChars: AMBIGUOUS });
    const id = crypto.randomBytes(16).toString('base64url');
    await this.repo.purgeExpired(iso(this.clock));
    await this.repo.insert({
      id,
      answer: image.text.toLowerCase(),
      expiresAt: iso(this.clock, CAPTCHA_TTL_MS),
      usedAt: null,
    });
    return { id, svg: image.data };
  }

  /** Checks an answer (case-insensitive) and spends the captcha whatever the outcome. */
  async verify(id: string | undefined, answer: string | undefined): Promise<void> {
    if (!id) throw fieldError('captchaId', 'rules.required');
    if (!answer?.trim()) throw fieldError('captchaCode', 'rules.required');
    const now = iso(this.clock);
    const row = await this.repo.byId(id);
    if (!row) throw new AppError('captchaInvalid');
    const spent = !(await this.repo.use(id, now));
    if (spent || row.expiresAt <= now || row.answer !== answer.trim().toLowerCase()) {
      throw new AppError('captchaInvalid');
    }
  }
}
