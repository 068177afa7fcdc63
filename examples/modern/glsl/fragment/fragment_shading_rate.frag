#version 460
// Fragment shading rate: reads the rate the fragment was shaded at (GL_EXT_fragment_shading_rate).
#extension GL_EXT_fragment_shading_rate : require
layout(location = 0) out vec4 color;
void main() {
  int rate = gl_ShadingRateEXT;
  float w = (rate & gl_ShadingRateFlag2HorizontalPixelsEXT) != 0 ? 0.5 : 1.0;
  color = vec4(w, float(rate) / 15.0, 0.0, 1.0);
}
