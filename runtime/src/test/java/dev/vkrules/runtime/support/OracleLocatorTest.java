package dev.vkrules.runtime.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vkrules.runtime.support.Oracle;
import dev.vkrules.runtime.support.OracleLocator;
import dev.vkrules.runtime.support.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which SPIRV-Tools the cross-checks use, for every release listed in
 * {@code peers/spirv-tools-releases.tsv} pinned in turn: a scratch project root gets a
 * {@code vk.xml} of that release and fake {@code spirv-val} builds that print a version.
 */
class OracleLocatorTest {
  static final Path ROOT = Sources.root();

  static List<OracleLocator.Release> releases() throws IOException {
    List<OracleLocator.Release> r = OracleLocator.releases(ROOT.resolve(OracleLocator.RELEASES));
    assertTrue(r.size() >= 2, "the data file lists the releases before and after the pin");
    return r;
  }

  /**
   * The real vk.xml files (the pinned one, the 1.3.239 fixture, every shared release input) name
   * their own release; one the data file does not list yet (a new release whose oracle is not
   * registered) skips the test, saying which, never fails it.
   */
  @Test
  void realRegistriesNameListedReleases() throws IOException {
    List<String> listed = releases().stream().map(OracleLocator.Release::release).toList();
    List<Path> registries = new ArrayList<>(List.of(ROOT.resolve("spec-sources/vk.xml"),
        ROOT.resolve("generator/src/test/fixtures/vulkan-1.3.239/vk.xml")));
    Path shared = ROOT.resolve("../shared/spec-sources").normalize();
    if (Files.isDirectory(shared)) {
      try (Stream<Path> dirs = Files.list(shared)) {
        dirs.filter(d -> d.getFileName().toString().startsWith("vulkan-")).sorted()
            .forEach(d -> registries.add(d.resolve("vk.xml")));
      }
    }
    int read = 0;
    List<String> unlisted = new ArrayList<>();
    for (Path vkXml : registries) {
      if (!Files.isRegularFile(vkXml)) {
        continue;
      }
      String release = OracleLocator.pinnedRelease(vkXml);
      assertTrue(release.matches("1\\.\\d+\\.\\d+"), vkXml + ": " + release);
      // The release is the one named in the registry's own folder when it has one (vulkan-1.4.335/).
      Matcher folder = Pattern.compile("vulkan-(1\\.\\d+\\.\\d+)").matcher(vkXml.toString());
      if (folder.find()) {
        assertEquals(folder.group(1), release, vkXml.toString());
      }
      if (!listed.contains(release)) {
        unlisted.add(vkXml + " is spec " + release);
      }
      read++;
    }
    assertTrue(read >= 2, "read " + read + " registries");
    assumeTrue(unlisted.isEmpty(), String.join("; ", unlisted) + ", not listed in " + OracleLocator.RELEASES
        + ": no oracle registered for it yet (" + OracleLocator.REGISTER + ")");
  }

  /** The pinned release missing from the data file: no oracle, a message naming the release and the fix. */
  @Test
  void aPinnedReleaseMissingFromTheDataFileIsASkipNotAFailure(@TempDir Path tmp) throws IOException {
    Path root = project(tmp, "1.4.999");
    fakeTools(root.resolve("../shared/oracle/spirv-tools-vulkan-sdk-1.4.999.0"), "v2099.1");
    OracleLocator.Search s = OracleLocator.locate(root, null, null);
    assertFalse(s.found(), s.message());
    assertTrue(s.message().contains("names no SPIRV-Tools for spec 1.4.999"), s.message());
    assertTrue(s.message().contains(OracleLocator.REGISTER), s.message());
    // A data file that cannot be read is a message too, never an exception.
    Files.writeString(root.resolve(OracleLocator.RELEASES), "release\tspirv-tools\n");
    s = OracleLocator.locate(root, null, null);
    assertFalse(s.found(), s.message());
    assertTrue(s.message().startsWith("no oracle: ") && s.message().contains("expected 5 tab-separated columns"), s.message());
    Files.delete(root.resolve("spec-sources/vk.xml"));
    s = OracleLocator.locate(root, null, null);
    assertFalse(s.found(), s.message());
  }

  /** A spirv-val that waits on its input and never answers is given up on, not waited for forever. */
  @Test
  void aToolThatDoesNotAnswerIsNamed(@TempDir Path tmp) throws IOException {
    Path dir = fakeTools(tmp.resolve("silent"), "v1.0");
    Path val = dir.resolve("spirv-val");
    Files.writeString(val, "#!/bin/sh\ncat >/dev/null\necho 'SPIRV-Tools v1.0'\n");
    assertEquals("v1.0", OracleLocator.version(val));
  }

  @Test
  void theSharedBuildMatchesItsReleaseWhenThatReleaseIsPinned(@TempDir Path tmp) throws IOException {
    for (OracleLocator.Release pinned : releases()) {
      Path root = project(tmp.resolve(pinned.release()), pinned.release());
      for (OracleLocator.Release other : releases()) {
        if (other.sharedDir() != null) {
          fakeTools(root.resolve("../shared/oracle").resolve(other.sharedDir()), other.spirvTools());
        }
      }
      OracleLocator.Search s = OracleLocator.locate(root, null, null);
      if (pinned.sharedDir() == null) {
        // Nothing under ../shared matches this release, and PATH has nothing: skip, saying what was seen.
        assertFalse(s.found(), s.message());
        assertTrue(s.message().contains("needs SPIRV-Tools " + pinned.spirvTools()), s.message());
        releases().stream().filter(r -> r.sharedDir() != null).forEach(r ->
            assertTrue(s.message().contains(r.sharedDir() + ": SPIRV-Tools " + r.spirvTools()), s.message()));
      } else {
        assertTrue(s.found(), s.message());
        Oracle o = s.oracle().orElseThrow();
        assertEquals(pinned.spirvTools(), o.version());
        assertEquals(pinned.release(), o.release());
        assertEquals(root.resolve("../shared/oracle").resolve(pinned.sharedDir()).normalize(), o.dir().normalize());
      }
    }
  }

  @Test
  void pathIsSearchedLastAndOnlyAMatchingVersionCounts(@TempDir Path tmp) throws IOException {
    for (OracleLocator.Release pinned : releases()) {
      Path root = project(tmp.resolve(pinned.release()), pinned.release());
      Path wrong = fakeTools(tmp.resolve(pinned.release() + "-wrong"), "v1999.1");
      Path right = fakeTools(tmp.resolve(pinned.release() + "-right"), pinned.spirvTools());
      String path = wrong + java.io.File.pathSeparator + right;
      OracleLocator.Search s = OracleLocator.locate(root, null, path);
      // The first spirv-val on PATH is the one a shell would run: it is the wrong version, so no oracle.
      assertFalse(s.found(), s.message());
      assertTrue(s.message().contains("PATH: SPIRV-Tools v1999.1"), s.message());
      s = OracleLocator.locate(root, null, right + java.io.File.pathSeparator + wrong);
      assertTrue(s.found(), s.message());
      assertEquals(right, s.oracle().orElseThrow().dir());
    }
  }

  @Test
  void theEnvironmentVariableIsTheOnlyPlaceLookedAtWhenSet(@TempDir Path tmp) throws IOException {
    for (OracleLocator.Release pinned : releases()) {
      Path root = project(tmp.resolve(pinned.release()), pinned.release());
      Path right = fakeTools(tmp.resolve(pinned.release() + "-right"), pinned.spirvTools());
      Path wrong = fakeTools(tmp.resolve(pinned.release() + "-wrong"), "v1999.1");
      OracleLocator.Search s = OracleLocator.locate(root, right.toString(), wrong.toString());
      assertTrue(s.found(), s.message());
      assertEquals(right, s.oracle().orElseThrow().dir());
      s = OracleLocator.locate(root, wrong.toString(), right.toString());
      assertFalse(s.found(), "a wrong version named explicitly is not replaced by another: " + s.message());
      assertTrue(s.message().contains(OracleLocator.ENV + "=" + wrong + ": SPIRV-Tools v1999.1"), s.message());
      s = OracleLocator.locate(root, tmp.resolve("nothing-here").toString(), right.toString());
      assertFalse(s.found(), s.message());
      assertTrue(s.message().contains("no spirv-val"), s.message());
    }
  }

  @Test
  void anUnlistedReleaseIsNamed(@TempDir Path tmp) throws IOException {
    Path root = project(tmp, "1.0.1");
    OracleLocator.Search s = OracleLocator.locate(root, null, null);
    assertFalse(s.found());
    assertTrue(s.message().contains("names no SPIRV-Tools for spec 1.0.1"), s.message());
  }

  /** The real search, as the cross-check tests run it; only says what it found. */
  @Test
  void theRealSearchSaysWhatItFound() {
    OracleLocator.Search s = OracleLocator.locate(ROOT);
    System.out.println(s.message());
    assumeTrue(s.found(), s.message());
    assertTrue(Files.isExecutable(Path.of(s.oracle().orElseThrow().command("spirv-val")))
        || s.oracle().orElseThrow().dir() == null);
  }

  /** A scratch project root: spec-sources/vk.xml declaring {@code release} and the real data file. */
  private static Path project(Path root, String release) throws IOException {
    String[] v = release.split("\\.");
    Files.createDirectories(root.resolve("spec-sources"));
    Files.createDirectories(root.resolve("peers"));
    // The shape of vk.xml's definitions, with a Vulkan SC one first that must be skipped.
    Files.writeString(root.resolve("spec-sources/vk.xml"), """
        <registry><types>
        <type api="vulkansc" category="define">// Version of this file
        #define <name>VK_HEADER_VERSION</name> 17</type>
        <type api="vulkan" category="define">// Version of this file
        #define <name>VK_HEADER_VERSION</name> %s</type>
        <type api="vulkansc" category="define" requires="VKSC_API_VARIANT">// Complete version of this file
        #define <name>VK_HEADER_VERSION_COMPLETE</name> <type>VK_MAKE_API_VERSION</type>(VKSC_API_VARIANT, 1, 0, VK_HEADER_VERSION)</type>
        <type category="define" requires="VK_HEADER_VERSION">// Complete version of this file
        #define <name>VK_HEADER_VERSION_COMPLETE</name> <type>VK_MAKE_API_VERSION</type>(0, %s, %s, VK_HEADER_VERSION)</type>
        </types></registry>
        """.formatted(v[2], v[0], v[1]));
    Files.copy(ROOT.resolve(OracleLocator.RELEASES), root.resolve(OracleLocator.RELEASES));
    return root;
  }

  /** A directory with spirv-val, spirv-as and spirv-dis scripts that print {@code version}. */
  private static Path fakeTools(Path dir, String version) throws IOException {
    Files.createDirectories(dir);
    for (String tool : List.of("spirv-val", "spirv-as", "spirv-dis")) {
      Path f = dir.resolve(tool);
      Files.writeString(f, "#!/bin/sh\necho 'SPIRV-Tools " + version + " unknown hash'\n");
      Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return dir;
  }
}
