// HLSL vertex shader: a full-screen triangle from SV_VertexID, no vertex buffers.
struct VSOutput {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
};

VSOutput VSMain(uint id : SV_VertexID) {
  VSOutput o;
  o.uv = float2((id << 1) & 2, id & 2);
  o.position = float4(o.uv * float2(2, -2) + float2(-1, 1), 0, 1);
  return o;
}
