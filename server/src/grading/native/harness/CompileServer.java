import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The academy's warm Java compiler: one long-lived JVM (in its own sandbox) that compiles submissions
 * in memory with javax.tools, so a submission pays neither javac's start nor its warm-up. Runs none of
 * the code it compiles (annotation processing is off). One request per line on stdin:
 *   <id> <name> <base64 source> [<name> <base64 source> ...]
 * One reply per line on stdout:
 *   <id> ok <class name> <base64 bytes> ...      or      <id> error <base64 diagnostics>
 * Diagnostics are javac's own text ("Solution.java:3: error: ..." with the line and a caret).
 */
public final class CompileServer {
  private static final JavaCompiler COMPILER = ToolProvider.getSystemJavaCompiler();
  private static final List<String> OPTIONS = new ArrayList<>(
      List.of("-proc:none", "-implicit:none", "-encoding", "UTF-8", "-Xmaxerrs", "20", "-Xlint:none", "-g:source,lines",
          // string concatenation as StringBuilder calls: no invokedynamic bootstrap at the run's start
          "-XDstringConcat=inline"));

  private static final class Source extends SimpleJavaFileObject {
    private final String text;

    Source(String name, String text) {
      super(URI.create("string:///" + name), Kind.SOURCE);
      this.text = text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }
  }

  private static final class Output extends SimpleJavaFileObject {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    Output(String className) {
      super(URI.create("bytes:///" + className.replace('.', '/') + ".class"), Kind.CLASS);
    }

    @Override
    public OutputStream openOutputStream() {
      return bytes;
    }
  }

  private static String compile(List<Source> sources, Map<String, Output> classes, StandardJavaFileManager standard) {
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    JavaFileManager manager =
        new ForwardingJavaFileManager<>(standard) {
          @Override
          public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
            Output output = new Output(className);
            classes.put(className, output);
            return output;
          }
        };
    boolean ok = COMPILER.getTask(null, manager, diagnostics, OPTIONS, null, sources).call();
    if (ok) return null;
    StringBuilder text = new StringBuilder();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() != Diagnostic.Kind.ERROR) continue;
      String file = d.getSource() == null ? "" : d.getSource().getName().replaceFirst("^/", "");
      text.append(file).append(':').append(d.getLineNumber()).append(": error: ").append(d.getMessage(Locale.ENGLISH)).append('\n');
      String line = sourceLine(d);
      if (line != null) {
        text.append(line).append('\n');
        long column = Math.max(1, d.getColumnNumber());
        text.append(" ".repeat((int) Math.min(column - 1, 500))).append("^\n");
      }
    }
    return text.toString();
  }

  private static String sourceLine(Diagnostic<? extends JavaFileObject> d) {
    try {
      if (d.getSource() == null || d.getLineNumber() < 1) return null;
      String[] lines = d.getSource().getCharContent(true).toString().split("\n", -1);
      long n = d.getLineNumber();
      return n <= lines.length ? lines[(int) n - 1] : null;
    } catch (Exception e) {
      return null;
    }
  }

  /** Rounds of the warm-up: javac's own code is compiled by the JIT after a few hundred compiles (73 ms a compile cold, 20 ms warm). */
  private static final int WARM_UP_ROUNDS = 300;

  /**
   * Compiles a small program over and over on a low-priority thread of its own (its own file manager:
   * the requests' is not shared across threads), so the JIT has compiled javac before most students
   * send their first answer. Requests are served meanwhile, by the main thread.
   */
  private static void warmUp() {
    Thread thread =
        new Thread(
            new Runnable() {
              @Override
              public void run() {
                StandardJavaFileManager own = COMPILER.getStandardFileManager(null, Locale.ENGLISH, StandardCharsets.UTF_8);
                for (int i = 0; i < WARM_UP_ROUNDS; i++) {
                  String text = "import java.util.*;\npublic class Warm { static List<Integer> f(int n) { List<Integer> out = new ArrayList<>(); for (int k = 0; k < n + " + i + "; k++) out.add(k * 2); return out; } }\n";
                  compile(List.of(new Source("Warm.java", text)), new LinkedHashMap<>(), own);
                }
              }
            },
            "warm-up");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
    thread.start();
  }

  /** `args[0]`: the classpath the sources compile against (the academy's test runner); `args[1]` "warm-up" to warm up. */
  public static void main(String[] args) throws Exception {
    if (args.length > 0) OPTIONS.addAll(List.of("-classpath", args[0]));
    if (args.length > 1 && "warm-up".equals(args[1])) warmUp();
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    StandardJavaFileManager standard = COMPILER.getStandardFileManager(null, Locale.ENGLISH, StandardCharsets.UTF_8);
    Base64.Decoder decode = Base64.getDecoder();
    Base64.Encoder encode = Base64.getEncoder();
    for (String request; (request = in.readLine()) != null; ) {
      String[] parts = request.split(" ");
      String id = parts[0];
      try {
        List<Source> sources = new ArrayList<>();
        for (int i = 1; i + 1 < parts.length; i += 2)
          sources.add(new Source(parts[i], new String(decode.decode(parts[i + 1]), StandardCharsets.UTF_8)));
        Map<String, Output> classes = new LinkedHashMap<>();
        String errors = compile(sources, classes, standard);
        StringBuilder reply = new StringBuilder(id);
        if (errors != null) reply.append(" error ").append(encode.encodeToString(errors.getBytes(StandardCharsets.UTF_8)));
        else {
          reply.append(" ok");
          for (Map.Entry<String, Output> c : classes.entrySet())
            reply.append(' ').append(c.getKey()).append(' ').append(encode.encodeToString(c.getValue().bytes.toByteArray()));
        }
        out.println(reply);
      } catch (Throwable t) {
        String text = "The compiler failed: " + t;
        out.println(id + " error " + encode.encodeToString(text.getBytes(StandardCharsets.UTF_8)));
      }
      out.flush();
    }
  }
}
