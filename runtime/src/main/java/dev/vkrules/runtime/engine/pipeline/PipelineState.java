package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.pipeline.DescriptorBinding;
import dev.vkrules.runtime.pipeline.Flags;
import dev.vkrules.runtime.pipeline.MultisampleState;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineLayout;
import dev.vkrules.runtime.pipeline.RenderingState;
import dev.vkrules.runtime.pipeline.Sampler;
import dev.vkrules.runtime.pipeline.SetLayout;
import dev.vkrules.runtime.pipeline.Stage;

/**
 * The parts of a pipeline that the module-level checks can read through {@link PipelineFacts}, one
 * constant per group of its queries. A module's verdict as a stage is a function of its bytes, its
 * specialization values and the answers those queries gave; {@link PipelineFacts#read()} says
 * which parts were asked, and two stages whose {@link #digest}s agree on every part asked get the
 * same answers, so the same verdict. A digest holds exactly what the queries of its part read (no
 * positions in the description: no module-level finding quotes them).
 */
public enum PipelineState {
  /** {@link PipelineFacts#flag}: the pipeline's create flags. */
  FLAGS {
    @Override
    String of(Pipeline p, Stage s) {
      return flags(p.flags());
    }
  },
  /** {@link PipelineFacts#stageFlag}: the stage's create flags. */
  STAGE_FLAGS {
    @Override
    String of(Pipeline p, Stage s) {
      return flags(s.flags());
    }
  },
  /** VkPipelineShaderStageRequiredSubgroupSizeCreateInfo (0: not chained). */
  SUBGROUP_SIZE {
    @Override
    String of(Pipeline p, Stage s) {
      return Integer.toUnsignedString(s.requiredSubgroupSize());
    }
  },
  /** pMultisampleState's members (absent: "none"). */
  MULTISAMPLE {
    @Override
    String of(Pipeline p, Stage s) {
      MultisampleState m = p.multisample();
      return m == null ? "none" : m.rasterizationSamples() + "," + m.sampleShadingEnable() + ","
          + Double.doubleToLongBits(m.minSampleShading()) + "," + m.alphaToCoverageEnable() + "," + m.alphaToOneEnable();
    }
  },
  /** The view mask of the subpass or of VkPipelineRenderingCreateInfo (absent: "none"). */
  RENDERING {
    @Override
    String of(Pipeline p, Stage s) {
      RenderingState r = p.rendering();
      return r == null ? "none" : Integer.toUnsignedString(r.viewMask());
    }
  },
  /**
   * The layout's bindings with their immutable samplers' members the queries read, and the kind
   * of pipeline (it names the create-info member a missing layout is reported as).
   */
  LAYOUT {
    @Override
    String of(Pipeline p, Stage s) {
      StringBuilder b = new StringBuilder(p.kind().name());
      PipelineLayout layout = p.layout();
      if (layout == null) {
        return b.append(";none").toString();
      }
      for (SetLayout set : layout.setLayouts()) {
        b.append(";set");
        for (DescriptorBinding d : set.bindings()) {
          b.append(" [").append(d.binding()).append(' ').append(d.descriptorType()).append(' ')
              .append(d.descriptorCount()).append(' ').append(flags(d.stageFlags()));
          for (Sampler x : d.immutableSamplers()) {
            b.append(" s").append(x.unnormalizedCoordinates() ? 'u' : '-').append(x.anisotropyEnable() ? 'a' : '-')
                .append(x.compareEnable() ? 'c' : '-').append(x.hasYcbcrConversion() ? 'y' : '-');
          }
          b.append(']');
        }
      }
      return b.toString();
    }
  };

  /** The part's value for stage {@code s} of pipeline {@code p}, as a canonical string. */
  abstract String of(Pipeline p, Stage s);

  /** {@link #of}, for callers outside the package (the verdict keys of the command line). */
  public String digest(Pipeline p, Stage s) {
    return name() + "=" + of(p, s);
  }

  private static String flags(Flags f) {
    return f == null ? "none" : f.type() + ":" + Long.toUnsignedString(f.bits(), 16);
  }
}
