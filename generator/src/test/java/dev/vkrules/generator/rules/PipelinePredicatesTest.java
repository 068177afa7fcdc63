package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The {@code pipeline:} tests added for the rules a description decides only with them:
 * {@code immutable-samplers} (the sampler object behind a value; a binding without immutable
 * samplers is a run-time fact) and {@code specialized} (a constant's value in the pipeline).
 * Both compile to {@code PipelineCheck}; misuse is a type error naming what the test takes.
 */
class PipelinePredicatesTest {
  private static final String BLOCK_MATCH = "for: {instruction: [OpImageBlockMatchSSDQCOM]}\n";
  private static final String MICROMAP = "for: {execution-mode: [OpacityMicromapIdKHR]}\n";

  @Test
  void immutableSamplersFollowsTheOperandAndReadsTheMember() {
    String body = CheckFixture.compile(BLOCK_MATCH
        + "require: {pipeline: {immutable-samplers: Target, all-have: unnormalizedCoordinates}}").body().toString();
    assertTrue(body.contains("PipelineCheck.run("), body);
    assertTrue(body.contains("f.pipeline().immutableSamplersHave(f, ") && body.contains("\"unnormalizedCoordinates\")"),
        body);
  }

  @Test
  void immutableSamplersTakesAVkBool32OfTheSamplerAndAnInstruction() {
    String member = CheckFixture.error(BLOCK_MATCH
        + "require: {pipeline: {immutable-samplers: Target, all-have: unnormalisedCoordinates}}");
    assertTrue(member.contains("all-have takes a VkBool32 of VkSamplerCreateInfo")
        && member.contains("did you mean unnormalizedCoordinates"), member);
    String missing = CheckFixture.error(BLOCK_MATCH + "require: {pipeline: {immutable-samplers: Target}}");
    assertTrue(missing.contains("immutable-samplers takes all-have"), missing);
    String integer = CheckFixture.error(BLOCK_MATCH
        + "require: {pipeline: {immutable-samplers: Target.type.width, all-have: compareEnable}}");
    assertTrue(integer.contains("this pipeline test takes a sampler, sampled image or resource variable"), integer);
    String extra = CheckFixture.error(BLOCK_MATCH
        + "require: {pipeline: {immutable-samplers: Target, all-have: compareEnable, is: true}}");
    assertTrue(extra.contains("'is' cannot be combined with 'immutable-samplers'"), extra);
  }

  @Test
  void specializedReadsTheEnableOperandsDefinition() {
    String body = CheckFixture.compile(MICROMAP + "where: {pipeline: {specialized: Enable, is: true}}\n"
        + "require: {not: {pipeline: {flag: VK_PIPELINE_CREATE_2_DISALLOW_OPACITY_MICROMAP_BIT_ARM}}}").body().toString();
    assertTrue(body.contains("f.pipeline().specialized(f, f.def((int) f.word(") && body.contains(" == 1L"), body);
    String off = CheckFixture.compile(MICROMAP + "require: {pipeline: {specialized: Enable, is: false}}").body().toString();
    assertTrue(off.contains(" == 0L"), off);
    String number = CheckFixture.compile(MICROMAP + "require: {pipeline: {specialized: Enable, is: 3}}").body().toString();
    assertTrue(number.contains(" == 3L"), number);
  }

  @Test
  void specializedTakesAnIdAndTrueFalseOrAnInteger() {
    String noIs = CheckFixture.error(MICROMAP + "require: {pipeline: {specialized: Enable}}");
    assertTrue(noIs.contains("specialized takes is: true, false or an integer"), noIs);
    String word = CheckFixture.error(MICROMAP + "require: {pipeline: {specialized: Enable, is: yes please}}");
    assertTrue(word.contains("specialized is compared with true, false or a non-negative integer, got 'yes please'"),
        word);
    String literal = CheckFixture.error("for: {execution-mode: [LocalSize]}\n"
        + "require: {pipeline: {specialized: x size, is: 1}}");
    assertTrue(literal.contains("'x size' is integer; this pipeline test takes a constant id"), literal);
    String two = CheckFixture.error(MICROMAP + "require: {pipeline: {specialized: Enable, is: true, given: true}}");
    assertTrue(two.contains("a pipeline predicate tests one fact"), two);
  }
}
