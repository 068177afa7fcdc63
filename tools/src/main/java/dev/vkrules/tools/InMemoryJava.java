package dev.vkrules.tools;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles generated Java sources in memory and loads them; for {@code rule-check}. */
public final class InMemoryJava {
  private InMemoryJava() {}

  /** Compiles {@code sources} (class name to source) and returns the loaded classes by name. */
  public static Map<String, Class<?>> compile(Map<String, String> sources) throws ClassNotFoundException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("rule-check needs a JDK (javax.tools), not a JRE");
    }
    Map<String, ByteArrayOutputStream> classes = new TreeMap<>();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StandardJavaFileManager std = javac.getStandardFileManager(diagnostics, null, null);
    ForwardingJavaFileManager<StandardJavaFileManager> fm = new ForwardingJavaFileManager<>(std) {
      @Override
      public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
          FileObject sibling) {
        return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + ".class"), kind) {
          @Override
          public OutputStream openOutputStream() {
            return classes.computeIfAbsent(className, k -> new ByteArrayOutputStream());
          }
        };
      }
    };
    List<JavaFileObject> units = sources.entrySet().stream().map(e -> (JavaFileObject) new SimpleJavaFileObject(
        URI.create("string:///" + e.getKey().replace('.', '/') + ".java"), JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return e.getValue();
      }
    }).toList();
    StringWriter log = new StringWriter();
    boolean ok = javac.getTask(log, fm, diagnostics,
        List.of("-classpath", System.getProperty("java.class.path"), "-proc:none", "-nowarn"), null, units).call();
    if (!ok) {
      StringBuilder b = new StringBuilder();
      diagnostics.getDiagnostics().forEach(d -> b.append(d.getMessage(null)).append(" at line ")
          .append(d.getLineNumber()).append("; "));
      throw new IllegalStateException("generated checker does not compile: " + b);
    }
    // Child first for the classes compiled here: the built runtime may already hold a checker
    // of the same name, generated from an older version of the rule being checked.
    ClassLoader loader = new ClassLoader(InMemoryJava.class.getClassLoader()) {
      @Override
      protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
          Class<?> c = findLoadedClass(name);
          if (c == null && classes.containsKey(name)) {
            byte[] bytes = classes.get(name).toByteArray();
            c = defineClass(name, bytes, 0, bytes.length);
          }
          if (c == null) {
            return super.loadClass(name, resolve);
          }
          if (resolve) {
            resolveClass(c);
          }
          return c;
        }
      }
    };
    Map<String, Class<?>> out = new TreeMap<>();
    for (String name : sources.keySet()) {
      out.put(name, loader.loadClass(name));
    }
    return out;
  }
}
