/**
 * Robust statistics the detectors share: medians and MAD instead of means
 * and standard deviations (a planted spike in the baseline must not widen the
 * band it is judged by), a Theil–Sen slope for trends, and a variance-
 * stabilised score for counts.
 */

/** Scratch space for medians: a scan takes thousands of them of a few dozen values each. */
let scratch = new Float64Array(64);

/** The median of the finite values (NaN when there are none); `values` is left as it is. */
export function median(values: ArrayLike<number>): number {
  if (scratch.length < values.length) scratch = new Float64Array(values.length * 2);
  const a = scratch;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isFinite(v)) a[n++] = v;
  }
  if (n === 0) return Number.NaN;
  if (n <= 48) {
    // Insertion sort: for the short lists here, faster than anything that allocates.
    for (let i = 1; i < n; i++) {
      const v = a[i];
      let j = i - 1;
      while (j >= 0 && a[j] > v) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = v;
    }
  } else a.subarray(0, n).sort();
  const mid = n >> 1;
  return n % 2 ? a[mid] : (a[mid - 1] + a[mid]) / 2;
}

/** Median absolute deviation from the median, scaled by 1.4826 to estimate a normal standard deviation. */
let DEVIATIONS = new Float64Array(64);

export function robustSd(values: ArrayLike<number>): number {
  const center = median(values);
  if (!Number.isFinite(center)) return Number.NaN;
  if (DEVIATIONS.length < values.length) DEVIATIONS = new Float64Array(values.length * 2);
  const deviations = DEVIATIONS;
  let n = 0;
  for (let i = 0; i < values.length; i++)
    if (Number.isFinite(values[i])) deviations[n++] = Math.abs(values[i] - center);
  return 1.4826 * median(deviations.subarray(0, n));
}

/**
 * Theil–Sen slope of y against x: the median of the pairwise slopes, which
 * ignores up to about 29% of wild points.
 */
let SLOPES = new Float64Array(64);

export function theilSenSlope(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const pairs = (x.length * (x.length - 1)) / 2;
  if (SLOPES.length < pairs) SLOPES = new Float64Array(pairs * 2);
  const slopes = SLOPES;
  let n = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = x[j] - x[i];
      if (dx !== 0 && Number.isFinite(y[i]) && Number.isFinite(y[j])) slopes[n++] = (y[j] - y[i]) / dx;
    }
  }
  return n ? median(slopes.subarray(0, n)) : 0;
}

/**
 * How many standard deviations a count `observed` lies from `expected`
 * under an overdispersed Poisson model (variance `dispersion` × mean) whose
 * mean is itself uncertain by a relative `levelSd`. The Poisson tail is
 * read through its chi-square twin (Wilson–Hilferty), which stays honest
 * for small counts: 0 → 2 units is about 1.8, not a spike, and a day
 * without sales where 9 were expected is about −3.6, not −5.
 *
 * @example
 * countScore(2, 0.3, 1, 0) // ≈ 1.8
 * countScore(5, 60, 1, 0.1) // ≈ -7: a collapse
 */
export function countScore(observed: number, expected: number, dispersion: number, levelSd: number): number {
  const phi = dispersion > 0 ? dispersion : 1;
  const k = Math.max(0, observed) / phi;
  const mu = Math.max(0, expected) / phi;
  // P(X ≤ k) = P(χ²(2k + 2) ≥ 2μ) and P(X ≥ k) = P(χ²(2k) ≤ 2μ), for a Poisson X of mean μ.
  const z = k < mu ? -chiSquareZ(2 * mu, 2 * k + 2) : k > 0 ? -chiSquareZ(2 * mu, 2 * k) : 0;
  return z / Math.sqrt(1 + levelSd * levelSd * mu);
}

/** The standard normal quantile of a chi-square variable with `df` degrees of freedom at `x` (Wilson–Hilferty). */
export function chiSquareZ(x: number, df: number): number {
  const v = 2 / (9 * df);
  return (Math.cbrt(x / df) - (1 - v)) / Math.sqrt(v);
}

/** The half-width of a count's 95% band around `expected` (same model as countScore). */
export function countBand(expected: number, dispersion: number, levelSd: number): number {
  const e = Math.max(0, expected);
  return 1.96 * Math.sqrt(Math.max(dispersion, 0) * e + levelSd * levelSd * e * e);
}

/**
 * The signed score of a count under a negative binomial model: a Poisson
 * count (overdispersed by `dispersion`) whose mean is itself gamma-spread
 * by a relative `levelSd`. Exact tails, so a collapse of three quarters is
 * scored as the rare event it is even when the level is uncertain by a
 * tenth, where a normal approximation of the uncertain level would excuse it.
 * Negative for fewer than expected; 0 when nothing is unusual.
 *
 * @example
 * negativeBinomialScore(13, 57, 1, 0.15) // ≈ -6
 */
export function negativeBinomialScore(observed: number, expected: number, dispersion: number, levelSd: number): number {
  const phi = dispersion > 0 ? dispersion : 1;
  const k = Math.max(0, observed) / phi;
  const mu = Math.max(0, expected) / phi;
  if (mu <= 0) return k > 0 ? countScore(observed, expected, dispersion, 0) : 0;
  // r: the gamma's shape (1 / levelSd²); a level known exactly is a Poisson, approached with a huge shape.
  const r = levelSd > 1e-4 ? 1 / (levelSd * levelSd) : 1e8;
  if (k < mu) {
    // P(X ≤ k) = I_p(r, k + 1), p = r / (r + μ)
    return probitOfLog(logRegularizedBeta(r, k + 1, r / (r + mu)));
  }
  if (k === 0) return 0;
  // P(X ≥ k) = I_q(k, r), q = μ / (r + μ)
  return -probitOfLog(logRegularizedBeta(k, r, mu / (r + mu)));
}

/** ln Γ(x) for x > 0 (Lanczos, about 15 digits). */
export function logGamma(x: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0];
  const t = z + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** ln I_x(a, b), the regularized incomplete beta function, for a, b > 0 and 0 ≤ x ≤ 1. */
export function logRegularizedBeta(a: number, b: number, x: number): number {
  if (x <= 0) return Number.NEGATIVE_INFINITY;
  if (x >= 1) return 0;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  if (x < (a + 1) / (a + b + 2)) return logFront + Math.log(betaContinuedFraction(a, b, x)) - Math.log(a);
  // The other side converges there: I_x(a, b) = 1 − I_{1−x}(b, a).
  const other = Math.exp(logFront + Math.log(betaContinuedFraction(b, a, 1 - x)) - Math.log(b));
  return Math.log1p(-Math.min(other, 1 - 1e-300));
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 2000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-12) break;
  }
  return h;
}

/**
 * The standard normal quantile of a lower-tail probability given by its
 * logarithm (so probabilities far below the smallest double still have a
 * quantile); Acklam's rational approximation, about 9 digits.
 */
export function probitOfLog(logP: number): number {
  if (logP >= 0) return Number.POSITIVE_INFINITY;
  const p = Math.exp(logP);
  const low = 0.02425;
  if (p > low && p < 1 - low) {
    const a = [
      -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
      2.506628277459239,
    ];
    const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
    const q = p - 0.5;
    const r = q * q;
    return (
      ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
      (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    );
  }
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (logTail: number) => {
    const q = Math.sqrt(-2 * logTail);
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    );
  };
  return p <= low ? tail(logP) : -tail(Math.log1p(-p));
}
