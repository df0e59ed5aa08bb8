package io.github.blosc2panama.core.data;

import io.github.blosc2panama.core.InvalidArgumentException;
import java.util.Map;
import java.util.Objects;

/**
 * A data pattern with its parameters, immutable: everything but the length of the stream.
 * {@link #of(Pattern, int)} fills in the defaults of the vectors' README (seed 12345; linspace
 * a = -5, d = 0.001; sine a = 0, d = 100, period 1024; randint modulus 100; walk_i64 start 1000000);
 * the {@code with...} methods override one parameter. The README gives no defaults for
 * {@code linspace_noise}: here it takes linspace's a and d and noise 1e-6.
 *
 * <pre>{@code
 * PatternSpec s = PatternSpec.of(Pattern.LINSPACE_NOISE, 8).withA(0).withD(0x1p-20).withSeed(1);
 * byte[] data = DataPatterns.generate(s, 1 << 20);
 * }</pre>
 */
public final class PatternSpec {
    private final Pattern pattern;
    private final int typesize;
    private final long seed;
    private final double a;
    private final double d;
    private final long period;
    private final long modulus;
    private final long start;
    private final double noise;
    private final boolean float32;

    private PatternSpec(Pattern pattern, int typesize, long seed, double a, double d, long period, long modulus,
            long start, double noise, boolean float32) {
        this.pattern = Objects.requireNonNull(pattern, "pattern");
        if (typesize < 1) {
            throw new InvalidArgumentException("pattern " + pattern.specName() + ": typesize must be >= 1, got " + typesize);
        }
        if (pattern == Pattern.RANDINT && typesize > 8) {
            throw new InvalidArgumentException("pattern randint: typesize must be <= 8, got " + typesize);
        }
        if (period < 1) {
            throw new InvalidArgumentException("pattern " + pattern.specName() + ": period must be >= 1, got " + period);
        }
        if (modulus == 0) {
            throw new InvalidArgumentException("pattern " + pattern.specName() + ": modulus must not be 0");
        }
        this.typesize = typesize;
        this.seed = seed;
        this.a = a;
        this.d = d;
        this.period = period;
        this.modulus = modulus;
        this.start = start;
        this.noise = noise;
        this.float32 = float32;
    }

    /** {@code pattern} over elements of {@code typesize} bytes, with the default parameters. */
    public static PatternSpec of(Pattern pattern, int typesize) {
        boolean sine = pattern == Pattern.SINE;
        return new PatternSpec(pattern, typesize, 12345L, sine ? 0.0 : -5.0, sine ? 100.0 : 0.001, 1024, 100,
                1_000_000L, 1e-6, typesize == 4);
    }

    /**
     * A spec from the members of a manifest pattern object: {@code pattern}, {@code typesize} and any of
     * {@code seed, a, d, period, modulus, start, noise, float ("f32"|"f64")}; {@code nbytes} is ignored
     * (the caller reads it). Any other member is refused.
     */
    public static PatternSpec fromMap(Map<String, ?> members) {
        Object name = members.get("pattern");
        if (!(name instanceof String s)) {
            throw new InvalidArgumentException("pattern object has no string member 'pattern': " + members);
        }
        PatternSpec spec = of(Pattern.ofName(s), (int) integer(members, "typesize", 1));
        for (Map.Entry<String, ?> e : members.entrySet()) {
            switch (e.getKey()) {
                case "pattern", "typesize", "nbytes" -> { }
                case "seed" -> spec = spec.withSeed(integer(members, "seed", 0));
                case "a" -> spec = spec.withA(real(members, "a"));
                case "d" -> spec = spec.withD(real(members, "d"));
                case "period" -> spec = spec.withPeriod(integer(members, "period", 0));
                case "modulus" -> spec = spec.withModulus(integer(members, "modulus", 0));
                case "start" -> spec = spec.withStart(integer(members, "start", 0));
                case "noise" -> spec = spec.withNoise(real(members, "noise"));
                case "float" -> {
                    Object f = e.getValue();
                    if (!"f32".equals(f) && !"f64".equals(f)) {
                        throw new InvalidArgumentException("pattern member 'float' must be \"f32\" or \"f64\", got " + f);
                    }
                    spec = spec.withFloat32("f32".equals(f));
                }
                default -> throw new InvalidArgumentException("unknown pattern member '" + e.getKey() + "'");
            }
        }
        return spec;
    }

    private static long integer(Map<String, ?> members, String key, long dflt) {
        Object v = members.get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.longValue();
        }
        throw new InvalidArgumentException("pattern member '" + key + "' must be an integer, got " + v);
    }

    private static double real(Map<String, ?> members, String key) {
        if (members.get(key) instanceof Number n) {
            return n.doubleValue();
        }
        throw new InvalidArgumentException("pattern member '" + key + "' must be a number, got " + members.get(key));
    }

    public Pattern pattern() {
        return pattern;
    }

    public int typesize() {
        return typesize;
    }

    public long seed() {
        return seed;
    }

    public double a() {
        return a;
    }

    public double d() {
        return d;
    }

    public long period() {
        return period;
    }

    public long modulus() {
        return modulus;
    }

    public long start() {
        return start;
    }

    public double noise() {
        return noise;
    }

    /** Whether linspace and sine values are stored as float32 (default: typesize 4) rather than float64. */
    public boolean float32() {
        return float32;
    }

    public PatternSpec withSeed(long v) {
        return new PatternSpec(pattern, typesize, v, a, d, period, modulus, start, noise, float32);
    }

    public PatternSpec withA(double v) {
        return new PatternSpec(pattern, typesize, seed, v, d, period, modulus, start, noise, float32);
    }

    public PatternSpec withD(double v) {
        return new PatternSpec(pattern, typesize, seed, a, v, period, modulus, start, noise, float32);
    }

    public PatternSpec withPeriod(long v) {
        return new PatternSpec(pattern, typesize, seed, a, d, v, modulus, start, noise, float32);
    }

    /** The randint modulus, taken as unsigned; not 0. */
    public PatternSpec withModulus(long v) {
        return new PatternSpec(pattern, typesize, seed, a, d, period, v, start, noise, float32);
    }

    public PatternSpec withStart(long v) {
        return new PatternSpec(pattern, typesize, seed, a, d, period, modulus, v, noise, float32);
    }

    public PatternSpec withNoise(double v) {
        return new PatternSpec(pattern, typesize, seed, a, d, period, modulus, start, v, float32);
    }

    public PatternSpec withFloat32(boolean v) {
        return new PatternSpec(pattern, typesize, seed, a, d, period, modulus, start, noise, v);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PatternSpec p && pattern == p.pattern && typesize == p.typesize && seed == p.seed
                && Double.compare(a, p.a) == 0 && Double.compare(d, p.d) == 0 && period == p.period
                && modulus == p.modulus && start == p.start && Double.compare(noise, p.noise) == 0
                && float32 == p.float32;
    }

    @Override
    public int hashCode() {
        return Objects.hash(pattern, typesize, seed, a, d, period, modulus, start, noise, float32);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(pattern.specName()).append("(typesize=").append(typesize);
        switch (pattern) {
            case LINSPACE -> sb.append(", a=").append(a).append(", d=").append(d).append(float32 ? ", f32" : ", f64");
            case SINE -> sb.append(", a=").append(a).append(", d=").append(d).append(", period=").append(period)
                    .append(float32 ? ", f32" : ", f64");
            case RANDOM, TEXT -> sb.append(", seed=").append(seed);
            case RANDINT -> sb.append(", seed=").append(seed).append(", modulus=").append(Long.toUnsignedString(modulus));
            case WALK_I64 -> sb.append(", seed=").append(seed).append(", start=").append(start);
            case LINSPACE_NOISE -> sb.append(", a=").append(a).append(", d=").append(d).append(", noise=").append(noise)
                    .append(", seed=").append(seed);
            default -> { }
        }
        return sb.append(')').toString();
    }
}
