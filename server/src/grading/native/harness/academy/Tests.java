package academy;

import java.io.PrintStream;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * The academy's Java test runner, compiled once and given to every run beside the student's classes:
 * runs each test's call (in its own thread, with a time limit) and prints what it returned as JSON,
 * behind the run's mark (see outcomes.ts). It holds no expected value.
 */
public final class Tests {
  /** One test's call: the course's Java expression, compiled into the run's harness. */
  public interface Call {
    Object call() throws Throwable;
  }

  private static final PrintStream OUT = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);

  private Tests() {}

  /** Runs the calls in order and ends the JVM (a thread the solution left running does not keep it alive). */
  public static void run(String mark, long millis, Call[] calls, String[] compileErrors) {
    for (int i = 0; i < calls.length; i++) {
      OUT.print("\n" + mark + " start " + i + "\n");
      String line;
      if (compileErrors[i] != null) line = "{\"error\":" + string(compileErrors[i]) + "}";
      else line = runOne(calls[i], millis, mark, i);
      System.out.flush();
      OUT.print("\n" + mark + " result " + i + " " + line + "\n");
    }
    OUT.flush();
    Runtime.getRuntime().halt(0);
  }

  private static String runOne(Call call, long millis, String mark, int index) {
    String[] line = new String[1];
    // an anonymous class, not a lambda: no invokedynamic bootstrap at the JVM's start
    Runnable body =
        new Runnable() {
          @Override
          public void run() {
            try {
              line[0] = "{\"value\":" + json(call.call(), 0) + "}";
            } catch (Throwable t) {
              line[0] = "{\"error\":" + string(describe(t)) + "}";
            }
          }
        };
    Thread thread = new Thread(null, body, "test-" + index, 64L * 1024 * 1024);
    thread.setDaemon(true);
    thread.start();
    try {
      thread.join(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      System.out.flush();
      OUT.print("\n" + mark + " result " + index + " {\"error\":" + string("Time limit exceeded: the test ran over " + millis + " ms") + "}\n");
      OUT.flush();
      Runtime.getRuntime().halt(0);
    }
    return line[0] == null ? "{\"error\":\"No result\"}" : line[0];
  }

  /** An exception as the student sees it: its class, text and the last line of their own file it passed. */
  static String describe(Throwable t) {
    String text = t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    for (StackTraceElement e : t.getStackTrace()) {
      if ("Solution.java".equals(e.getFileName())) return text + " (Solution.java, line " + e.getLineNumber() + ")";
    }
    return text;
  }

  static String json(Object value, int depth) {
    if (depth > 50) return string("…");
    if (value == null) return "null";
    if (value instanceof Boolean) return value.toString();
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      return Double.isFinite(d) ? (d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d)) : string(Double.toString(d));
    }
    if (value instanceof Number) return value.toString();
    if (value instanceof CharSequence || value instanceof Character) return string(value.toString());
    if (value instanceof Enum<?>) return string(((Enum<?>) value).name());
    if (value instanceof Optional<?>) return json(((Optional<?>) value).orElse(null), depth + 1);
    StringBuilder out = new StringBuilder();
    if (value.getClass().isArray()) {
      out.append('[');
      for (int i = 0, n = Array.getLength(value); i < n; i++) out.append(i > 0 ? "," : "").append(json(Array.get(value, i), depth + 1));
      return out.append(']').toString();
    }
    if (value instanceof Collection<?>) {
      out.append('[');
      boolean first = true;
      for (Object item : (Collection<?>) value) {
        out.append(first ? "" : ",").append(json(item, depth + 1));
        first = false;
      }
      return out.append(']').toString();
    }
    if (value instanceof Map<?, ?>) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        out.append(first ? "" : ",").append(string(String.valueOf(e.getKey()))).append(':').append(json(e.getValue(), depth + 1));
        first = false;
      }
      return out.append('}').toString();
    }
    return string(value.toString());
  }

  static String string(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') out.append('\\').append(c);
      else if (c < 0x20 || c == 0x2028 || c == 0x2029) out.append("\\u").append(Integer.toHexString(0x10000 | c).substring(1));
      else out.append(c);
    }
    return out.append('"').toString();
  }
}
