// JDK serialization baseline (ObjectOutputStream / ObjectInputStream) on the benchmark workloads,
// with the exact values of DESIGN section 4 and the same Bulk generator as
// bench/peers/types.hpp. Writes the same rows as the C++ harnesses, library "jdk".
//   java -cp <classes> JdkBench [--quick] [--out rows.jsonl]
// Per case: warm-up (the JIT compiles the hot paths), then rounds of a calibrated iteration
// count; the median round is reported. Progress on stderr; rows to --out or stdout.
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

public final class JdkBench {
  static final class Struct implements Serializable {
    private static final long serialVersionUID = 1L;
    int f1 = 10;
    long f2 = 123456788L;
    float f3 = 1f / 5;
    double f4 = 1d / 7;
    int f5 = 11;
    long f6 = 123456789L;
    float f7 = 2f / 5;
    double f8 = 2d / 7;
    int f9 = 12;
    long f10 = 123456788L;
    float f11 = 3f / 5;
    double f12 = 3d / 7;

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Struct)) return false;
      Struct s = (Struct) o;
      return f1 == s.f1 && f2 == s.f2 && f3 == s.f3 && f4 == s.f4 && f5 == s.f5 && f6 == s.f6
          && f7 == s.f7 && f8 == s.f8 && f9 == s.f9 && f10 == s.f10 && f11 == s.f11
          && f12 == s.f12;
    }

    @Override
    public int hashCode() {
      return Objects.hash(f1, f2, f5, f6);
    }
  }

  // The "Pojo": int, string, list of strings, map string -> long.
  static final class Foo implements Serializable {
    private static final long serialVersionUID = 1L;
    int f1;
    String f2;
    List<String> f3 = new ArrayList<>();
    Map<String, Long> f4 = new HashMap<>();

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Foo)) return false;
      Foo x = (Foo) o;
      return f1 == x.f1 && f2.equals(x.f2) && f3.equals(x.f3) && f4.equals(x.f4);
    }

    @Override
    public int hashCode() {
      return Objects.hash(f1, f2);
    }
  }

  static Foo makeFoo() {
    Foo foo = new Foo();
    foo.f1 = 100;
    foo.f2 = "abc";
    for (int i = 0; i < 20; ++i) {
      foo.f3.add("string" + i);
      foo.f4.put("key" + i, (long) i);
    }
    return foo;
  }

  // The Record workload: Foo's shape with the source documents' example values.
  static Foo makeRecord() {
    Foo r = new Foo();
    r.f1 = 10;
    r.f2 = "abc";
    r.f3.add("str1");
    r.f3.add("str2");
    r.f4.put("k1", 10L);
    r.f4.put("k2", 20L);
    return r;
  }

  static class TestBaseClass implements Serializable {
    private static final long serialVersionUID = 1L;
    private byte m_byte = 1;
    private short m_short = 2;
    private long m_long = 3;
    private float m_float = 4;
    private double m_double = 5;
    private char m_char = '6';
    private boolean m_boolean = true;
    private int m_int = 8;
    private String m_string = "some string";
    private int[] m_ints = {8, 8, 8, 8, 8, 8, 8, 8};
    private String[] m_strings = new String[8];

    TestBaseClass() {
      for (int i = 0; i < m_strings.length; ++i) m_strings[i] = "string value #" + i;
    }

    public byte getByte() { return m_byte; }
    public short getShort() { return m_short; }
    public long getLong() { return m_long; }
    public float getFloat() { return m_float; }
    public double getDouble() { return m_double; }
    public char getChar() { return m_char; }
    public boolean getBoolean() { return m_boolean; }
    public int getInt() { return m_int; }
    public String getString() { return m_string; }
    public int[] getInts() { return m_ints; }
    public String[] getStrings() { return m_strings; }

    boolean sameFields(TestBaseClass o) {
      return m_byte == o.m_byte && m_short == o.m_short && m_long == o.m_long
          && m_float == o.m_float && m_double == o.m_double && m_char == o.m_char
          && m_boolean == o.m_boolean && m_int == o.m_int && m_string.equals(o.m_string)
          && Arrays.equals(m_ints, o.m_ints) && Arrays.equals(m_strings, o.m_strings);
    }
  }

  static final class TestClass extends TestBaseClass {
    private static final long serialVersionUID = 1L;
    private int m_int = 4;
    private Object m_object1 = new TestBaseClass();
    private Object m_object2 = m_object1;  // the same object: identity survives the round trip
    private Object[] m_objects = {
      new TestBaseClass(), new TestBaseClass(), new TestBaseClass(), new TestBaseClass()
    };

    public int getTestInt() { return m_int; }
    public Object getObject1() { return m_object1; }
    public Object getObject2() { return m_object2; }
    public Object[] getObjects() { return m_objects; }

    boolean keepsIdentity() { return m_object1 == m_object2; }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof TestClass)) return false;
      TestClass t = (TestClass) o;
      if (!sameFields(t) || m_int != t.m_int) return false;
      if (!((TestBaseClass) m_object1).sameFields((TestBaseClass) t.m_object1)) return false;
      if (!((TestBaseClass) m_object2).sameFields((TestBaseClass) t.m_object2)) return false;
      for (int i = 0; i < m_objects.length; ++i)
        if (!((TestBaseClass) m_objects[i]).sameFields((TestBaseClass) t.m_objects[i]))
          return false;
      return true;
    }

    @Override
    public int hashCode() {
      return m_int;
    }
  }

  // The Bulk workload, generated exactly as make_bulk() in bench/peers/types.hpp (xorshift64*;
  // string lengths counted in UTF-8 bytes, as std::string counts them).
  static final class BulkGen {
    private long state = 0x9e3779b97f4a7c15L;
    private static final String CHARS =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    long next() {
      state ^= state >>> 12;
      state ^= state << 25;
      state ^= state >>> 27;
      return (state * 0x2545f4914f6cdd1dL) >>> 32;
    }

    String text(String prefix) {
      long n = 3 + next() % 38;
      StringBuilder sb = new StringBuilder(prefix);
      if (next() % 16 == 0) sb.append("\u00e9t\u00e9-");
      long bytes = sb.toString().getBytes(StandardCharsets.UTF_8).length;
      while (bytes < n) {
        sb.append(CHARS.charAt((int) (next() % CHARS.length())));
        ++bytes;
      }
      return sb.toString();
    }

    ArrayList<Foo> make() {
      ArrayList<Foo> items = new ArrayList<>();
      for (int i = 0; i < 1000; ++i) {
        Foo foo = new Foo();
        foo.f1 = (int) (next() % 100000);
        foo.f2 = text("name");
        long n = 5 + next() % 31;
        for (long j = 0; j < n; ++j) foo.f3.add(text("s"));
        for (long j = 0; j < n; ++j) {
          long v = next();
          foo.f4.putIfAbsent(text("key" + j), j % 3 == 0 ? v << 8 : v % 1000);
        }
        items.add(foo);
      }
      return items;
    }
  }

  // --- timing ---

  static double warmupMs = 2000, roundMs = 50;
  static int rounds = 7;
  static volatile long sink;

  static byte[] serialize(Object value, ByteArrayOutputStream buf) {
    try {
      buf.reset();  // reused buffer; each message is a complete stream with its own header
      ObjectOutputStream out = new ObjectOutputStream(buf);
      out.writeObject(value);
      out.close();
      return buf.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Object deserialize(byte[] bytes) {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return in.readObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  interface Op {
    long run();
  }

  static double timeNs(Op op, long n) {
    long acc = 0;
    long t0 = System.nanoTime();
    for (long i = 0; i < n; ++i) acc += op.run();
    long t = System.nanoTime() - t0;
    sink += acc;
    return t;
  }

  static double measure(Op op) {
    long n = 1;
    double t = timeNs(op, n);
    while (t < roundMs * 1e6 / 8 && n < (1L << 40)) {
      n *= 2;
      t = timeNs(op, n);
    }
    long roundN = Math.max(1, (long) (roundMs * 1e6 / (t / n)));
    long start = System.nanoTime();
    while ((System.nanoTime() - start) / 1e6 < warmupMs) timeNs(op, roundN / 4 + 1);
    double[] r = new double[rounds];
    for (int i = 0; i < rounds; ++i) r[i] = timeNs(op, roundN) / roundN;
    Arrays.sort(r);
    return r[rounds / 2];
  }

  static final List<String> rows = new ArrayList<>();

  static final class Case {
    final String workload;
    final Object value;
    final ByteArrayOutputStream buf = new ByteArrayOutputStream(4096);
    final byte[] wire;
    final Object back;

    Case(String workload, Supplier<Object> make) {
      this.workload = workload;
      value = make.get();
      wire = serialize(value, buf);
      back = deserialize(wire);
      if (!value.equals(back))
        throw new IllegalStateException(workload + ": round trip changed the value");
    }

    Op ser() { return () -> serialize(value, buf).length; }
    Op de() { return () -> deserialize(wire).hashCode(); }
    Op rt() { return () -> deserialize(serialize(value, buf)).hashCode(); }
  }

  // Every case's code paths are warmed up before anything is timed, so the first case measured
  // does not pay for the JIT compiling code that later cases share.
  static void warmAll(List<Case> cases) {
    for (Case c : cases)
      for (Op op : new Op[] {c.ser(), c.de(), c.rt()}) {
        long start = System.nanoTime();
        while ((System.nanoTime() - start) / 1e6 < warmupMs / 4) timeNs(op, 1);
      }
  }

  static void run(Case c) {
    String identity = "";
    if (c.back instanceof TestClass)
      identity = ", \"keeps_identity\": " + ((TestClass) c.back).keepsIdentity();
    double ser = measure(c.ser());
    double de = measure(c.de());
    double rt = measure(c.rt());
    System.err.printf(Locale.ROOT, "[jdk] %-10s ser %11.1f ns  de %11.1f ns  rt %11.1f ns  %8d B%n",
        c.workload, ser, de, rt, c.wire.length);
    rows.add(String.format(Locale.ROOT,
        "{\"target\": \"jvm\", \"harness\": \"loop\", \"library\": \"jdk\", \"workload\": \"%s\", "
            + "\"mode\": \"ObjectOutputStream\", \"ser_ns\": %.2f, \"de_ns\": %.2f, "
            + "\"roundtrip_ns\": %.2f, \"bytes\": %d, \"codegen_free\": false%s, "
            + "\"flags\": \"java %s\"}",
        c.workload, ser, de, rt, c.wire.length, identity, System.getProperty("java.version")));
  }

  public static void main(String[] args) throws IOException {
    String out = null;
    String quick = System.getenv("KILN_BENCH_QUICK");
    boolean isQuick = quick != null && !quick.isEmpty() && !quick.equals("0");
    for (int i = 0; i < args.length; ++i) {
      if (args[i].equals("--quick")) {
        isQuick = true;
      } else if (args[i].equals("--out") && i + 1 < args.length) {
        out = args[++i];
      } else {
        System.err.println("usage: JdkBench [--quick] [--out rows.jsonl]");
        System.exit(2);
      }
    }
    if (isQuick) {
      warmupMs = 20;
      roundMs = 2;
      rounds = 3;  // a smoke test: Bulk alone takes ~0.4 s a call before the JIT warms up
    }
    System.err.printf(Locale.ROOT,
        "[jdk] java %s; median of %d rounds of ~%.0f ms after %.0f ms warm-up per case%n",
        System.getProperty("java.version"), rounds, roundMs, warmupMs);
    List<Case> cases = List.of(new Case("Struct", Struct::new),
        new Case("Foo", JdkBench::makeFoo), new Case("Record", JdkBench::makeRecord),
        new Case("TestClass", TestClass::new), new Case("Bulk", () -> new BulkGen().make()));
    warmAll(cases);
    for (Case c : cases) run(c);

    String text = String.join("\n", rows) + "\n";
    if (out == null) {
      System.out.print(text);
    } else {
      try (PrintStream ps = new PrintStream(out, StandardCharsets.UTF_8)) {
        ps.print(text);
      }
      System.err.println("[jdk] " + rows.size() + " rows -> " + out);
    }
  }
}
